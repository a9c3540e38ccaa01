import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runAsBinaryWould } from './support/in-process.js';
import { tempDir } from './support/dgw.js';

// A POST whose connection closed after the request went out said only "cannot reach HOST: the
// connection was closed before the answer came": nothing said the change may have been made.

const tmp = tempDir('dgw-closed-after-change-');
afterAll(() => tmp.remove());
const { baseUrl } = useBareServer((req) => {
  req.resume();
  req.on('end', () => req.socket.destroy());
});
const MAY_BE_MADE = 'the request reached the service; the change may be made: check before running it again';
const dgw = (base: string, ...argv: string[]) => runAsBinaryWould(argv, { env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'closed-after-key-1234', DGW_BASE_URL: base, DGW_PROJECT: 'p1' } });

it('a change sent before the connection closed says it may be made', async () => {
  const r = await dgw(baseUrl(), 'api', 'POST', '/data/projects/p1/queries', '-f', 'name=a');
  expect([r.code, r.stderr]).toEqual([9, expect.stringContaining(`the connection was closed before the answer came (UND_ERR_SOCKET)\nhint: ${MAY_BE_MADE}\n`)]);
});

it('a read, a read-only POST, and a change to a port that refused it do not', async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  for (const [base, argv] of [[baseUrl(), ['api', 'GET', '/data/projects/p1/queries']], [baseUrl(), ['sql', 'SELECT 1']], [`http://127.0.0.1:${port}/api/v1`, ['api', 'POST', '/data/projects/p1/queries', '-f', 'name=a']]] as const) {
    const r = await dgw(base, ...argv);
    expect(r.code, argv.join(' ')).toBe(9);
    expect(r.stderr, argv.join(' ')).toMatch(/^error: cannot reach 127.0.0.1:\d+: (the connection was closed before the answer came|nothing is listening there) \((UND_ERR_SOCKET|ECONNREFUSED)\)\n$/);
  }
});
