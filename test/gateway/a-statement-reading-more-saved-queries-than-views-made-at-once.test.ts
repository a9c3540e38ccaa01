import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A statement makes the views of the saved queries it reads (views-made-when-read), at most 256 at
// once: one reading more is told to run again, and then reads them all. 260 queries saved first: the
// slow tier's, as a test of scale.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(async () => {
  await g.close();
});

async function create(body: Record<string, unknown>): Promise<void> {
  const r = await g.call('POST', `${P}/queries`, { body });
  expect(r.status, r.text).toBe(200);
}

it('a statement reading more saved queries than it makes views for at once says to run it again, and then reads them all', async () => {
  for (let i = 1; i <= 260; i++) await create({ displayName: `Many ${i}`, inputQuery: `SELECT ${i} AS a` });
  const statement = `SELECT sum(a) FROM (${Array.from({ length: 260 }, (_, i) => `SELECT a FROM svc.query.many${i + 1}`).join(' UNION ALL ')})`;
  const first = await g.call('POST', `${P}/queries/execute`, { body: { statement } });
  expect([first.status, first.body.message]).toEqual([400, expect.stringMatching(/more than 256 saved queries .* run it again/)]);
  const again = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
  expect([again.status, again.body.data]).toEqual([200, [['33930']]]);
});
