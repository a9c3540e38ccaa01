import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// Issue #26 item 5: the document's clients may send a schedule with a PLAIN query. The hosted shape
// accepts it as they expect (the schedule dropped: a plain query is never refreshed); the spec
// shape, where the seed contract speaks, refuses it as before.

describe.each(['hosted', 'spec'] as const)('a PLAIN query sent with a schedule, %s shape', (shape) => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await openGateway({ apiShape: shape });
  });
  afterAll(() => g.close());
  const schedule = { type: 'interval', repeatDuration: 'PT6H' };

  it(shape === 'hosted' ? 'is created, with no schedule' : 'is refused with 400', async () => {
    const r = await g.call('POST', `${P}/queries`, { body: { displayName: `Plain ${shape}`, inputQuery: 'SELECT 1 AS one', queryType: 'PLAIN', schedule } });
    if (shape === 'spec') {
      expect([r.status, r.body.message]).toEqual([400, 'a schedule applies only to MATERIALIZED queries']);
      return;
    }
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ queryType: 'PLAIN' });
    expect(r.body.schedule ?? null).toBeNull();
    const updated = await g.call('PUT', `${P}/queries/${r.body.id}`, { body: { displayName: `Plain ${shape}`, inputQuery: 'SELECT 2 AS two', queryType: 'PLAIN', schedule } });
    expect(updated.status).toBe(200);
    expect(updated.body.schedule ?? null).toBeNull();
  });

  it('a MATERIALIZED query keeps its schedule in either shape', async () => {
    const r = await g.call('POST', `${P}/queries`, { body: { displayName: `Mat ${shape}`, inputQuery: 'SELECT 1 AS one', queryType: 'MATERIALIZED', schedule } });
    expect(r.status).toBe(200);
    expect(r.body.schedule).toMatchObject({ type: 'interval', repeatDuration: 'PT6H' });
  });
});
