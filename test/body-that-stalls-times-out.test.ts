import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runAsBinaryWould } from './support/in-process.js';
import { tempDir } from './support/dgw.js';

// A 200 whose JSON body stops half-way and then stays silent: at --timeout the command says it timed out (exit 9), not that the service sent bad JSON (exit 8).

const tmp = tempDir('dgw-stalled-body-');
const { baseUrl } = useBareServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[{"id":"1",');
});
afterAll(() => tmp.remove());

describe('a success answer whose body stalls', () => {
  it('catalog list times out (exit 9) naming the request', async () => {
    const r = await runAsBinaryWould(['--timeout', '1s', 'catalog', 'list'], {
      env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'stall-test-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' },
    });
    expect(r.stderr).toMatch(/GET .*\/catalogs timed out after 1 s/);
    expect(r.code).toBe(9);
  });
});
