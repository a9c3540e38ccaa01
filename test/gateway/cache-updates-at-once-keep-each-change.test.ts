import { afterAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, tempDir, waitFor } from './helpers.js';

// Clients of dgw serve may change one cache's incremental column and its schedule at the same moment:
// the schedule change wrote back the column it had read before the other change committed, losing it.

const work = tempDir('dgw-cache-updates-at-once-');
afterAll(() => work.remove());

it('a schedule change at the same time as a column change keeps the new column', async () => {
  const g = await openGateway({ dataDir: work.dir });
  try {
    const { id } = (await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'orders' } })).body as { id: string };
    await waitFor(async () => (await g.call('GET', `${P}/cache/${id}/status`)).body.status === 'COMPLETED');
    const columns: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      expect((await g.call('PUT', `${P}/cache/${id}?incrementalColumn=customer_id`, { body: {} })).status).toBe(200);
      const column = () => g.call('PUT', `${P}/cache/${id}?incrementalColumn=order_id`, { body: {} });
      const schedule = () => g.call('PUT', `${P}/cache/${id}`, { body: { fullRefreshCacheSchedule: { type: 'BASIC', expression: `PT${i + 1}H` } } });
      // Both read the cache, then wait for the held writer; every other round sends the schedule change first.
      const project = await g.gateway.project('demo', { create: false });
      const answers = await raceBehindWriter(project, column, schedule, i % 2 === 1);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const cache = (await g.call('GET', `${P}/cache/${id}`)).body;
      columns.push([cache.incrementalColumn, cache.fullRefreshCacheSchedule.expression]);
    }
    expect(columns).toEqual(Array.from({ length: 20 }, (_, i) => ['order_id', `PT${i + 1}H`]));
  } finally {
    await g.close();
  }
});
