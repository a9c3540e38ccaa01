import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Writes to svc.mtquery were refused by the row counts they changed, so one that matched no rows
// answered "0" with exit 0; the table a write names is refused whatever the row count.
const tmp = tempDir('dgw-no-rows-write-');
afterAll(() => tmp.remove());

describe('dgw sql writing no rows to a materialized result', () => {
  it('is refused as a write of rows is, and a stored table still takes it', async () => {
    const { run, dgw } = localCli(tmp.dir, 'spec');
    await dgw('query', 'create', 'Totals', '--materialized', '--sql', 'SELECT customer_id FROM svc.table.orders');
    for (const statement of [
      'INSERT INTO svc.mtquery.totals SELECT 1 WHERE false',
      'DELETE FROM svc.mtquery.totals WHERE false',
      'insert /* none */ into mtquery."TOTALS" select 1 where false',
      'WITH x AS (SELECT 1 AS a) INSERT INTO svc.mtquery.totals SELECT a FROM x WHERE false',
      'EXPLAIN ANALYZE DELETE FROM svc.mtquery.totals WHERE false',
    ]) {
      const r = await run('sql', statement);
      expect([r.code, r.stdout], statement).toEqual([6, '']);
      expect(r.stderr, statement).toContain('only a refresh writes svc.mtquery.totals');
    }
    expect(await dgw('sql', 'DELETE FROM svc.table.orders WHERE false')).toBe('0\n');
  });
});
