import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Writes to svc.mtquery were refused by the row counts they changed, so one that matched no rows
// answered "0" with exit 0; the table a write names is refused whatever the row count. An UPDATE
// there was refused with "an UPDATE may read stored and BI tables only", which reads oddly of the
// table written; it says only a refresh writes it, and an UPDATE that reads svc.mtquery into a
// stored table keeps the read message.
const tmp = tempDir('dgw-refreshed-write-');
afterAll(() => tmp.remove());

describe('dgw sql writing to a materialized result', () => {
  const { run, dgw } = localCli(tmp.dir, 'spec');
  beforeAll(async () => {
    await dgw('query', 'create', 'Totals', '--materialized', '--sql', 'SELECT customer_id FROM svc.table.orders');
  });

  /** Runs `statement`, which must fail (exit 6, nothing printed) saying only a refresh writes the table. */
  const refusedAsRefreshOnly = async (statement: string) => {
    const r = await run('sql', statement);
    expect([r.code, r.stdout], statement).toEqual([6, '']);
    expect(r.stderr, statement).toContain('only a refresh writes svc.mtquery.totals');
    return r;
  };

  it('is refused even when it writes no rows, and a stored table still takes it', async () => {
    for (const statement of [
      'INSERT INTO svc.mtquery.totals SELECT 1 WHERE false',
      'DELETE FROM svc.mtquery.totals WHERE false',
      'insert /* none */ into mtquery."TOTALS" select 1 where false',
      'WITH x AS (SELECT 1 AS a) INSERT INTO svc.mtquery.totals SELECT a FROM x WHERE false',
      'EXPLAIN ANALYZE DELETE FROM svc.mtquery.totals WHERE false',
    ]) {
      await refusedAsRefreshOnly(statement);
    }
    expect(await dgw('sql', 'DELETE FROM svc.table.orders WHERE false')).toBe('0\n');
  });

  it('is refused as an UPDATE saying only a refresh writes it; reading it in an UPDATE still names the read', async () => {
    for (const statement of [
      'UPDATE svc.mtquery.totals SET customer_id = 1',
      'update /* all */ mtquery."TOTALS" set customer_id = 1 where false',
      'WITH x AS (SELECT 1 AS a) UPDATE svc.mtquery.totals SET customer_id = (SELECT a FROM x)',
    ]) {
      expect((await refusedAsRefreshOnly(statement)).stderr, statement).not.toContain('may read');
    }
    const read = await run('sql', 'UPDATE svc.table.orders SET customer_id = (SELECT max(customer_id) FROM svc.mtquery.totals) WHERE false');
    expect(read.code, read.stderr).toBe(6);
    expect(read.stderr).toContain('an UPDATE may read stored and BI tables (svc.table, svc.bitable) only, not svc.mtquery.totals');
  });
});
