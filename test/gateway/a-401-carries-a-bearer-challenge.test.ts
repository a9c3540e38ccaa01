import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// RFC 9110 requires WWW-Authenticate on a 401; dgw serve answered 401 without one.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway({ apiShape: 'hosted' });
});
afterAll(async () => {
  await g.close();
});

it('answers 401 with WWW-Authenticate: Bearer and its JSON body, whatever was wrong with the key', async () => {
  for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
    const r = await g.call('GET', `${P}/queries`, { key: null, headers });
    expect(r.status, r.text).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(typeof r.body.message).toBe('string');
  }
  expect((await g.call('GET', `${P}/queries`)).headers.get('www-authenticate')).toBeNull();
});
