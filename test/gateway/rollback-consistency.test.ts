import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, type TestGateway } from './helpers.js';

// A change the gateway refuses leaves everything as it was, the cached refresh status included.
let g: TestGateway;
const P = '/data/projects/demo';

beforeAll(async () => {
  g = await openGateway();
});
afterAll(async () => {
  await g.close();
});

describe('a refused change keeps the refresh status', () => {
  it('an update to SQL reading a missing table is 400 and the status stays COMPLETED', async () => {
    const created = await g.call('POST', `${P}/queries`, {
      body: { displayName: 'Rollback Probe', inputQuery: 'SELECT count(*) AS n FROM svc.table.orders', queryType: 'MATERIALIZED' },
    });
    expect(created.status, created.text).toBe(200);
    const before = await g.call('GET', `${P}/materialized-queries/${created.body.id}/status`);
    expect(before.body.status).toBe('COMPLETED');

    const refused = await g.call('PUT', `${P}/queries/${created.body.id}`, { body: { inputQuery: 'SELECT * FROM svc.table.no_such_table' } });
    expect(refused.status).toBe(400);

    const after = await g.call('GET', `${P}/materialized-queries/${created.body.id}/status`);
    expect(after.body).toEqual(before.body);
    const rows = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT n FROM svc.mtquery.rollbackprobe' } });
    expect(rows.body.data).toEqual([{ n: '60' }]);
  });
});
