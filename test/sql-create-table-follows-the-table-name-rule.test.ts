import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `dgw table create` refused a name beyond letters, digits and _ while `dgw sql "CREATE TABLE ..."`
// made one (svc.table."has-dash"); both follow one rule now, and what is refused is not made.
const tmp = tempDir('dgw-table-name-rule-');
afterAll(() => tmp.remove());

const RULE = 'a table name starts with a letter (A-Z, a-z) or _ and has only those, digits and _';

describe('a table name', () => {
  it('follows one rule whether the table is made by table create or by SQL', async () => {
    const { run, dgw, json } = localCli(tmp.dir, 'spec');
    for (const name of ['has-dash', 'with space', '9start', 'über']) {
      const made = await run('table', 'create', name);
      expect([made.code, made.stderr], name).toEqual([6, expect.stringContaining(RULE)]);
      for (const statement of [`CREATE TABLE svc.table."${name}" (a INT)`, `CREATE TABLE svc.bitable."${name}" AS SELECT 1 AS a`, `EXPLAIN ANALYZE CREATE TABLE svc.table."${name}" (a INT)`]) {
        const r = await run('sql', statement);
        expect([r.code, r.stderr], statement).toEqual([6, expect.stringContaining(`table name "${name}": ${RULE}`)]);
      }
    }
    await dgw('table', 'create', 'Made_1');
    await dgw('sql', 'CREATE TABLE svc.table._made_2 AS SELECT 1 AS a');
    expect((await json('table', 'list')).map((t: { tableName: string }) => t.tableName).filter((n: string) => !['orders', 'customers'].includes(n)).sort()).toEqual(['Made_1', '_made_2']);
  });
});
