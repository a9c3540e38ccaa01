import { afterAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, tempDir } from './helpers.js';

// Clients of dgw serve may rename a materialized query and change its schedule at the same moment. The
// schedule change wrote back the name it had read, over the rename: the query said "n0" while its table
// had become svc.mtquery.n1, and SQL could read it under neither. Now a schedule change after a rename
// is 409, try again; a rename after a schedule change keeps the schedule.

const work = tempDir('dgw-query-updates-at-once-');
afterAll(() => work.remove());

it('a rename and a schedule change at once leave a query SQL reads under its name', async () => {
  const g = await openGateway({ dataDir: work.dir });
  try {
    const { id } = (await g.call('POST', `${P}/queries`, { body: { displayName: 'N0', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS n' } })).body as { id: string };
    let name = 'n0';
    for (let i = 1; i <= 10; i++) {
      const rename = () => g.call('PUT', `${P}/queries/${id}`, { body: { displayName: `N${i}` } });
      const schedule = () => g.call('PUT', `${P}/queries/${id}`, { body: { schedule: { type: 'interval', repeatDuration: `PT${i}H` } } });
      // Both read the query, then wait for the held writer; odd rounds send the schedule change first.
      const project = await g.gateway.project('demo', { create: false });
      const [renamed, scheduled] = await raceBehindWriter(project, rename, schedule, i % 2 === 1);
      // Each change answered 200 is in the query; one that could not be made on what the other wrote is 409, try again.
      expect([200, 409], renamed.text).toContain(renamed.status);
      expect([200, 409], scheduled.text).toContain(scheduled.status);
      for (const r of [renamed, scheduled].filter((x) => x.status === 409)) expect(r.body.message).toContain('was changed by another request meanwhile; try again');
      if (renamed.status === 200) name = `n${i}`;
      const q = (await g.call('GET', `${P}/queries/${id}`)).body;
      expect(q.name).toBe(name);
      if (scheduled.status === 200) expect(q.schedule.repeatDuration).toBe(`PT${i}H`);
      expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: `SELECT n FROM svc.mtquery.${name}` } })).status).toBe(200);
    }
  } finally {
    await g.close();
  }
});
