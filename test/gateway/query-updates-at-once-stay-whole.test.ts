import { afterAll, expect, it } from 'vitest';
import { openGateway, P, tempDir } from './helpers.js';

// Clients of dgw serve may rename a materialized query and change its schedule at the same moment. The
// schedule change wrote back the name it had read, over the rename: the query said "n0" while its table
// had become svc.mtquery.n1, and SQL could read it under neither. Now the later update is 409, try again.

const work = tempDir('dgw-query-updates-at-once-');
afterAll(() => work.remove());

it('a rename and a schedule change at once leave a query SQL reads under its name', async () => {
  const g = await openGateway({ dataDir: work.dir });
  try {
    const { id } = (await g.call('POST', `${P}/queries`, { body: { displayName: 'N0', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS n' } })).body as { id: string };
    for (let i = 1; i <= 10; i++) {
      const rename = g.call('PUT', `${P}/queries/${id}`, { body: { displayName: `N${i}` } });
      await new Promise((r) => setTimeout(r, i % 3));
      const schedule = g.call('PUT', `${P}/queries/${id}`, { body: { schedule: { type: 'interval', repeatDuration: `PT${i}H` } } });
      const [renamed, scheduled] = await Promise.all([rename, schedule]);
      expect(renamed.status).toBe(200);
      expect([200, 409]).toContain(scheduled.status);
      const q = (await g.call('GET', `${P}/queries/${id}`)).body;
      expect(q.name).toBe(`n${i}`);
      if (scheduled.status === 200) expect(q.schedule.repeatDuration).toBe(`PT${i}H`);
      else expect(scheduled.body.message).toContain('was changed by another request meanwhile; try again');
      expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: `SELECT n FROM svc.mtquery.n${i}` } })).status).toBe(200);
    }
  } finally {
    await g.close();
  }
});
