import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A download link needs no key for GET, so HEAD of it (a client asking the size first) is answered as GET is, without the body.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

it('answers HEAD of a download link with the status and headers of its GET', async () => {
  const query = await g.call('POST', `${P}/queries`, { body: { displayName: 'Head check', inputQuery: 'SELECT 1 AS a' } });
  const job = await g.call('POST', `${P}/queries/${query.body.id}/exports`, { body: {} });
  const done = await g.call('GET', `${P}/exports/${job.body.id}?waitMs=10000`);
  const url = new URL(done.body.files[0].url);
  const head = await g.app.request(`${url.pathname}${url.search}`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe('4');
  expect(await head.text()).toBe('');
});
