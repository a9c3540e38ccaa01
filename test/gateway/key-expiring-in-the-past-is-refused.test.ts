import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// createApiKey with expiresAt in the past made a key that could never authenticate, and said 200.

let now = Date.parse('2030-01-01T00:00:00Z');
let g: TestGateway;
beforeAll(async () => {
  g = await openGateway({ now: () => now });
});
afterAll(async () => {
  await g.close();
});

it('refuses a key whose expiresAt has passed (400 naming it) and makes none; a future one works until it expires', async () => {
  const past = await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'stale', expiresAt: '2029-12-31T23:59:59Z' } });
  expect(past.status, past.text).toBe(400);
  expect(past.body.message).toContain('2029-12-31T23:59:59.000Z is in the past');
  const future = await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'fresh', expiresAt: '2030-01-01T00:01:00Z' } });
  expect(future.status, future.text).toBe(200);
  const names = ((await g.call('GET', '/projects/demo/apiKeys')).body as Array<{ name: string }>).map((k) => k.name);
  expect(names).toContain('fresh');
  expect(names).not.toContain('stale');
  expect((await g.call('GET', `${P}/queries`, { key: future.body.apiKey })).status).toBe(200);
  now += 60_000;
  expect((await g.call('GET', `${P}/queries`, { key: future.body.apiKey })).status).toBe(401);
});
