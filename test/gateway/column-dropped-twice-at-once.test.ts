import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// Two drops of one column at once (two `dgw table drop-column` on one dgw serve): one deletes it,
// the other is told it is not there (404), as when run after it, not DuckDB's binder error (400).

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
  await g.call('POST', `${P}/table/twice`, { body: [{ name: 'id', dataType: 'BIGINT' }, { name: 'v', dataType: 'VARCHAR' }] });
});
afterAll(() => g.close());

it('the second drop of a column is 404', async () => {
  const project = await g.gateway.project('demo', { create: false });
  // A change holds the project's turn until both drops have asked for theirs: neither has dropped yet.
  let open!: () => void;
  const held = project.tx(() => new Promise<void>((r) => (open = r)));
  const asked = vi.spyOn(project.mutex, 'run');
  const drops = [g.call('DELETE', `${P}/table/twice/columns/v`), g.call('DELETE', `${P}/table/twice/columns/v`)];
  await vi.waitUntil(() => asked.mock.calls.length === 2, { timeout: 30_000 });
  asked.mockRestore();
  open();
  await held;
  const answers = await Promise.all(drops);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  expect(answers.find((a) => a.status === 404)!.body.message).toContain('no column v');
});
