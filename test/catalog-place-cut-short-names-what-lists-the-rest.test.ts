import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `dgw catalog tables wx` (a catalog, no schema) said only "give CATALOG SCHEMA, or catalog.schema":
// a newcomer who connected a file had no word of which schema, or how to list them. The command it
// names is quoted, so it carries the options the command ran with (--zone, --project), as every hint does.
const tmp = tempDir('dgw-place-short-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

describe('a catalog command given less than its place', () => {
  it('a catalog alone, where a schema is needed: exit 2, and the command that lists its schemas', async () => {
    const r = await run('catalog', 'tables', 'svc');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: give CATALOG SCHEMA, or catalog.schema\nhint: svc names a catalog; its schemas: `dgw --zone local catalog schemas svc`\n');
  });

  it('a schema, where a table is needed: the command that lists its tables, dotted unless a name holds a dot', async () => {
    expect((await run('catalog', 'columns', 'svc.table')).stderr).toContain('hint: svc.table names a schema; its tables: `dgw --zone local catalog tables svc.table`\n');
    expect((await run('catalog', 'stats', 'my.db', 'main')).stderr).toContain("hint: my.db.main names a schema; its tables: `dgw --zone local catalog tables my.db main`\n");
  });

  it('the listing it names is on the project the command ran on', async () => {
    const r = await run('--project', 'demo', 'catalog', 'tables', 'svc');
    expect(r.stderr).toContain('hint: svc names a catalog; its schemas: `dgw --zone local --project demo catalog schemas svc`\n');
  });

  it('the listings it names run', async () => {
    expect((await run('catalog', 'schemas', 'svc')).code).toBe(0);
    expect((await run('catalog', 'tables', 'svc.table')).stdout).toContain('orders');
  });
});
