import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { Http } from '../../src/api/http.js';
import { startServer } from '../../src/gateway/server.js';
import { exitCodeFor } from '../../src/errors.js';
import { tempDir } from '../support/dgw.js';

// A command that found a dgw serve holding the folder, which then stopped (or was killed) before its request:
// it said only "nothing is listening there", not that the serve is gone and that running again works.

const tmp = tempDir('dgw-served-gone-');
afterAll(() => tmp.remove());

it('a request to a dgw serve that has stopped, or was killed leaving its lock, says the serve has stopped (exit 9)', async () => {
  const dataDir = path.join(tmp.dir, 'data');
  const server = await startServer({ dataDir, port: 0 });
  const lock = fs.readFileSync(path.join(dataDir, 'gateway.lock'), 'utf8');
  const http = new Http({ baseUrl: server.baseUrl, apiKey: server.partnerKey, timeoutMs: 5000, retries: 0, localGateway: true, servedDataDir: dataDir });
  await server.close();
  const failure = () => http.request({ method: 'GET', path: '/data/projects', expect: 'json' }).then(() => undefined, (e: unknown) => e);
  for (const left of ['stopped', 'killed']) {
    // As kill -9 leaves it: the lock, naming a process that is gone.
    if (left === 'killed') fs.writeFileSync(path.join(dataDir, 'gateway.lock'), lock.replace(/"pid":\d+/, `"pid":${spawnSync(process.execPath, ['-e', '']).pid}`));
    const error = (await failure()) as Error & { hint?: string };
    expect(exitCodeFor(error), left).toBe(9);
    expect(error.message, left).toMatch(/nothing is listening there \(ECONNREFUSED\): the dgw serve holding .* has stopped$/);
    expect(error.hint, left).toMatch(/run the command again/);
  }
});

it('a change a dgw serve read before it stopped says the change may be made, not to run it again', async () => {
  const dying = http.createServer((req) => {
    req.resume();
    req.on('end', () => req.socket.destroy());
  });
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
  try {
    const client = new Http({ baseUrl: `http://127.0.0.1:${(dying.address() as AddressInfo).port}/api/v1`, apiKey: 'k', timeoutMs: 5000, retries: 0, localGateway: true, servedDataDir: path.join(tmp.dir, 'no-serve') });
    const error = (await client.request({ method: 'POST', path: '/data/projects/demo/queries', body: { name: 'a' }, expect: 'json' }).then(() => undefined, (e: unknown) => e)) as Error & { hint?: string };
    expect(error.message).toMatch(/the dgw serve holding .* has stopped$/);
    expect(error.hint).toBe('the request reached the service; the change may be made: check before running it again');
  } finally {
    dying.closeAllConnections();
    await new Promise((resolve) => dying.close(resolve));
  }
});
