import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A semantic table is a view of a saved query. When the query cannot run (the table it reads was
// dropped), the table stayed out of every listing and SQL said its schema did not exist; it
// stays listed, and reading it names the query and why it fails.

describe('a semantic table whose saved query no longer runs (local gateway)', () => {
  const tmp = tempDir('dgw-semantic-failing-');
  afterAll(() => tmp.remove());

  it('is still listed, and reading it says which query fails and why', async () => {
    const { run, dgw, json } = localCli(tmp.dir, 'hosted');
    await dgw('sql', 'CREATE TABLE svc.table.scratch AS SELECT range AS id FROM range(3)');
    await dgw('query', 'create', 'From scratch', '--sql', 'SELECT id FROM svc.table.scratch');
    await json('semantic-catalog', 'create', 'Sales');
    await json('semantic-catalog', 'add-table', 'sales', 'fromscratch', '--as', 'finance.scratch');
    expect((await dgw('sql', 'SELECT count(*) AS n FROM sales.finance.scratch')).trim()).toBe('3');

    await dgw('table', 'rm', 'scratch', '--yes');
    const tables = (await json('catalog', 'tables', 'sales', 'finance')) as Array<{ tableName: string }>;
    expect(tables.map((t) => t.tableName)).toEqual(['scratch']);
    const read = await run('sql', 'SELECT count(*) AS n FROM sales.finance.scratch');
    expect(read.code).toBe(6);
    expect(read.stderr).toContain('fromscratch');
    expect(read.stderr).not.toMatch(/schema .* does not exist/i);
    expect(read.stderr).toContain('Table with name scratch does not exist');

    // The table back, the query runs again: so does the semantic table.
    await dgw('sql', 'CREATE TABLE svc.table.scratch AS SELECT range AS id FROM range(5)');
    expect((await dgw('sql', 'SELECT count(*) AS n FROM sales.finance.scratch')).trim()).toBe('5');
  });
});
