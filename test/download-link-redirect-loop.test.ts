import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runAsBinaryWould } from './support/in-process.js';
import { tempDir } from './support/dgw.js';

// A download link that redirects without end, or with nowhere to go, is the service's failure (exit 8, as a redirect of the API is), not a refused request (exit 6).

const tmp = tempDir('dgw-link-redirects-');
const { server, baseUrl } = useBareServer((req, res) => {
  req.resume();
  const url = req.url ?? '';
  if (url.startsWith('/files/loop')) return res.writeHead(302, { location: '/files/loop?again' }).end();
  if (url.startsWith('/files/nowhere')) return res.writeHead(302).end();
  const kind = url.endsWith('/E1') ? 'loop' : 'nowhere';
  const { port } = server.address() as { port: number };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'E1', status: 'SUCCEEDED', format: 'CSV', compression: 'NONE', downloadable: true, rowCount: 1, bytes: 4, files: [{ name: 'f.csv', bytes: 4, url: `http://127.0.0.1:${port}/files/${kind}?sig=1` }] }));
});
afterAll(() => tmp.remove());

describe('a download link that redirects badly', () => {
  it.each([
    ['E1', /a download link redirected more than 5 times/],
    ['E2', /a download link answered HTTP 302 with no Location to follow/],
  ])('export get %s is exit 8 saying so', async (id, message) => {
    const r = await runAsBinaryWould(['export', 'get', id, '-o', `${tmp.dir}/${id}.csv`], {
      env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'link-redirect-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' },
    });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(8);
  });
});
