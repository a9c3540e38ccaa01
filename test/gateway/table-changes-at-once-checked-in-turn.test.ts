import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// Two changes of one table at once (two dgw commands on one dgw serve): the second is answered as
// when run after the first (a 404 for what the first deleted), never a second success or DuckDB's error.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
  await g.call('POST', `${P}/table/twice`, { body: [{ name: 'id', dataType: 'BIGINT' }, { name: 'v', dataType: 'VARCHAR' }] });
});
afterAll(() => g.close());

/** Sends both requests while a change holds the project's turn, and lets it go once both have asked for theirs. */
async function twiceAtOnce(method: string, path: string, body?: unknown) {
  const project = await g.gateway.project('demo', { create: false });
  let open: (() => void) | undefined;
  const held = project.tx(() => new Promise<void>((r) => (open = r)));
  // The turn is held once the change runs (on a busy machine, after the requests below are sent).
  const asked = vi.spyOn(project.mutex, 'run');
  const both = [g.call(method, path, { body }), g.call(method, path, { body })];
  await vi.waitUntil(() => asked.mock.calls.length === 2 && open !== undefined, { timeout: 30_000 });
  asked.mockRestore();
  open!();
  await held;
  return Promise.all(both);
}

it('the second drop of a column is 404', async () => {
  const answers = await twiceAtOnce('DELETE', `${P}/table/twice/columns/v`);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  expect(answers.find((a) => a.status === 404)!.body.message).toContain('no column v');
});

it('the second delete of a table with no columns yet is 404, not a second "deleted"', async () => {
  await g.call('POST', `${P}/table/bare`);
  const answers = await twiceAtOnce('DELETE', `${P}/table/bare`);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
});

it('the second add of one column to a table with no columns yet is 409, the table found', async () => {
  await g.call('POST', `${P}/table/growing`);
  const answers = await twiceAtOnce('POST', `${P}/table/growing/columns`, { name: 'c', dataType: 'BIGINT' });
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(answers.find((a) => a.status === 409)!.body.message).toBe('table growing already has a column c');
});

it('the second rename of one column is 404, not DuckDB\'s error', async () => {
  await g.call('POST', `${P}/table/renamed`, { body: [{ name: 'a', dataType: 'BIGINT' }, { name: 'k', dataType: 'BIGINT' }] });
  const answers = await twiceAtOnce('PUT', `${P}/table/renamed/columns/a`, { name: 'b' });
  expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  expect(answers.find((a) => a.status === 404)!.body.message).toContain('no column a');
});
