import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// The success line of cache create names the table as typed, not by its catalog's id; so does its
// record's SOURCE, which showed `<catalog id>.main.people` (JSON keeps the id, its documented form).
const tmp = tempDir('dgw-cache-create-as-typed-');
afterAll(() => tmp.remove());

describe('cache create catalog.schema.table', () => {
  it('says it cached the table by the name given', async () => {
    const { dgw, run } = localCli(tmp.dir, 'spec');
    const file = join(tmp.dir, 'people.csv');
    writeFileSync(file, 'id,name\n1,a\n');
    await dgw('connection', 'create', 'files', '--type', 'csv', '--field', `path=${file}`);
    const r = await run('cache', 'create', 'files.main.people');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('✓ cached files.main.people; SQL reads it as svc.cache.people');
    expect(r.stdout).toMatch(/^SOURCE\tfiles\.main\.people$/m);
    await dgw('cache', 'rm', 'files.main.people', '--yes');
    const json = await dgw('cache', 'create', 'files.main.people', '--json');
    expect(JSON.parse(json).source).toMatch(/^\d+\.main\.people$/);
  });
});
