import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A wrong schema or table name in cache create was answered with DuckDB's own words: 'Catalog Error:
// Table with name "default.items" does not exist because schema "default" does not exist.'

const tmp = tempDir('dgw-cache-create-missing-');
afterAll(() => tmp.remove());

describe('cache create of a table its catalog does not have', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('names the schema or table missing, as catalog browsing does, with a near name', async () => {
    const file = join(tmp.dir, 'items.csv');
    writeFileSync(file, 'id,qty\n1,2\n');
    await dgw('connection', 'create', 'files', '--type', 'csv', '--field', `path=${file}`);
    const schema = await run('cache', 'create', 'files.default.items');
    expect(schema.code, schema.stderr).toBe(6);
    expect(schema.stderr).toMatch(/no table files\.default\.items: catalog files \(\d+\) has no schema default/);
    const table = await run('cache', 'create', 'files.main.itemz');
    expect(table.code, table.stderr).toBe(6);
    expect(table.stderr).toMatch(/no table files\.main\.itemz: catalog files \(\d+\) has no table main\.itemz; did you mean "items"\?/);
    for (const r of [schema, table]) expect(r.stderr).not.toContain('Catalog Error');
    expect(await dgw('cache', 'list')).toBe('');
  });
});
