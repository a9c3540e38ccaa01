import { afterAll, beforeAll, expect, it } from 'vitest';
import { gatewayBehind, type GatewayBehind } from './support/gateway-behind.js';
import { runAsBinaryWould } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';
import { tempDir } from './gateway/helpers.js';

// A move or delete of several queries stopped by a failure names what went before it as typed, with
// its id: an id alone sent the user to `query list` to learn what had moved.

const server = new RecordingServer();
const config = tempDir('dgw-mv-cut-short-');
let behind: GatewayBehind;
beforeAll(async () => {
  await server.start();
  behind = await gatewayBehind(server, 'spec');
});
afterAll(async () => {
  await server.close();
  await behind.close();
  config.remove();
});

const dgw = (...args: string[]) => runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: config.dir, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: behind.partnerKey, DGW_PROJECT: 'demo' } });

it('query mv stopped at its second query names the first by the name typed, then the error', async () => {
  const made = [];
  for (const name of ['First', 'Second']) made.push((await dgw('query', 'create', name, '--sql', 'SELECT 1', '-q')).stdout.trim());
  expect((await dgw('folder', 'create', '/x', '-q')).code).toBe(0);
  // Deleted by someone else once listed: its move is answered 404.
  server.on('PATCH', `/data/projects/demo/queries/${made[1]}/path`, { status: 404, json: { message: `query ${made[1]} not found` } });
  const r = await dgw('query', 'mv', 'first', 'second', '/x');
  expect(r.code, r.stderr).toBe(4);
  expect(r.stderr).toContain(`warning: moved before the failure: first (${made[0]})\n`);
});

it('query rm stopped at its second query names the first by the name typed', async () => {
  const made = [];
  for (const name of ['Third', 'Fourth']) made.push((await dgw('query', 'create', name, '--sql', 'SELECT 1', '-q')).stdout.trim());
  server.on('DELETE', `/data/projects/demo/queries/${made[1]}`, { status: 404, json: { message: `query ${made[1]} not found` } });
  const r = await dgw('query', 'rm', 'third', made[1], '--yes');
  expect(r.code, r.stderr).toBe(4);
  expect(r.stderr).toContain(`warning: deleted before the failure: third (${made[0]})\n`);
});
