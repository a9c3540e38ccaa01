import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { P, spawnServe, type SpawnedServer } from './helpers.js';

// A client killed (or gone) in the middle of an import's upload: dgw serve threw away the part
// received only at its next start; until then the part stayed in the data folder, the request open.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-upload-gone-'));
const data = path.join(dir, 'data');
let server: SpawnedServer;
beforeAll(async () => {
  server = await spawnServe(data, path.join(dir, 'config'));
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The upload files the served gateway holds now. */
function uploads(): string[] {
  const root = path.join(data, 'transfer', 'demo');
  return fs.readdirSync(root).flatMap((secret) => fs.readdirSync(path.join(root, secret, 'uploads')));
}

it('the part received is removed once the client is gone, without a restart', async () => {
  const boundary = 'dgw-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\na,b\r\n`;
  const rows = Buffer.from('1,one\n'.repeat(20_000));
  const client = new AbortController();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      controller.enqueue(sent++ === 0 ? new TextEncoder().encode(head) : rows);
      // The body never ends: the client goes away part-way, as a killed dgw does.
      await new Promise((r) => setTimeout(r, 20));
    },
  });
  const request = fetch(`${server.baseUrl}${P}/table/gone/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
    signal: client.signal,
  } as RequestInit).catch(() => undefined);
  while (uploads().length === 0) await new Promise((r) => setTimeout(r, 20));
  client.abort();
  await request;
  const deadline = Date.now() + 30_000;
  while (uploads().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(uploads()).toEqual([]);
  expect((await server.call('GET', `${P}/table`)).status).toBe(200);
}, 60_000);
