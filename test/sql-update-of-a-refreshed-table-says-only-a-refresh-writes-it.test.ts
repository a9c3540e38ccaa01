import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `UPDATE svc.mtquery.x SET ...` was refused with "an UPDATE may read stored and BI tables only",
// which reads oddly of the table written; it now says only a refresh writes it, as INSERT and
// DELETE there say. An UPDATE that reads svc.mtquery into a stored table keeps the read message.

const tmp = tempDir('dgw-update-refreshed-');
afterAll(() => tmp.remove());

describe('dgw sql UPDATE of a materialized result', () => {
  const { run, dgw } = localCli(tmp.dir, 'spec');

  it('is refused saying only a refresh writes it; reading it in an UPDATE still names the read', async () => {
    await dgw('query', 'create', 'Totals', '--materialized', '--sql', 'SELECT customer_id FROM svc.table.orders');
    for (const statement of [
      'UPDATE svc.mtquery.totals SET customer_id = 1',
      'update /* all */ mtquery."TOTALS" set customer_id = 1 where false',
      'WITH x AS (SELECT 1 AS a) UPDATE svc.mtquery.totals SET customer_id = (SELECT a FROM x)',
    ]) {
      const r = await run('sql', statement);
      expect([r.code, r.stdout], statement).toEqual([6, '']);
      expect(r.stderr, statement).toContain('only a refresh writes svc.mtquery.totals');
      expect(r.stderr, statement).not.toContain('may read');
    }
    const read = await run('sql', 'UPDATE svc.table.orders SET customer_id = (SELECT max(customer_id) FROM svc.mtquery.totals) WHERE false');
    expect(read.code, read.stderr).toBe(6);
    expect(read.stderr).toContain('an UPDATE may read stored and BI tables (svc.table, svc.bitable) only, not svc.mtquery.totals');
  });
});
