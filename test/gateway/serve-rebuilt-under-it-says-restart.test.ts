import { afterAll, expect, it, vi } from 'vitest';
import { openGateway, P } from './helpers.js';

// `npm run build` or an upgrade replaces dist/ under a running `dgw serve`; its next lazily loaded
// file is gone, and the answer was "internal error: Cannot find module ...", with no way forward.

// Node's own error for it, as the lazily imported search module would throw it (vitest wraps a mock that throws).
vi.doMock('../../src/gateway/project/catalog-search.js', () => ({
  searchCatalogs: () => {
    throw Object.assign(new Error("Cannot find module '/x/dist/chunks/catalog-search-AAAA.js'"), { code: 'ERR_MODULE_NOT_FOUND' });
  },
}));

const gw = await openGateway();
afterAll(() => gw.close());

it('a file of dgw gone under a running gateway answers 500 saying to restart the serve', async () => {
  const reply = await gw.call('POST', `${P}/search`, { body: { query: 'cust' } });
  expect(reply.status).toBe(500);
  expect(reply.body.message).toMatch(/^dgw's files changed under this running dgw serve \(a rebuild or an upgrade\).*stop the serve and start it again \(Cannot find module/);
});
