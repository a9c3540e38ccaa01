import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/gateway/app.js';
import { openGateway, P, type TestGateway } from './gateway/helpers.js';
import { startDgw, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';

// A fault's exit code tells a script what to do: input to fix is 2 (nothing was sent), a conflict
// is 5 (try again), never 1 ("a bug in dgw") or 9 (the network) for what is neither.

const tmp = tempDir('dgw-fault-codes-');
const server = new RecordingServer();
beforeAll(() => server.start());
afterAll(async () => {
  await server.close();
  tmp.remove();
});
const env = (extra: Record<string, string> = {}) => ({ DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), ...extra });

describe('input, not a bug or the network', () => {
  it('an API key with a line break (a key file read with its newline) is exit 2 and nothing is sent', async () => {
    for (const key of ['abc\n', 'ab cd', 'ab\u0000c']) {
      const r = await runInProcess(['catalog', 'list'], { env: env({ DGW_API_KEY: key, DGW_BASE_URL: server.baseUrl, DGW_PROJECT: 'p' }) });
      expect(r.code, JSON.stringify(key)).toBe(2);
      expect(r.stderr).toContain('the API key (from DGW_API_KEY) holds a space, a line break or another character no key has');
    }
    expect(server.requests).toEqual([]);
  });

  it('dgw serve --host with an address this machine does not have is exit 2', async () => {
    for (const host of ['nosuch.invalid', '192.0.2.99']) {
      const r = await runInProcess(['serve', '--host', host, '--allow-remote', '--port', '0'], { env: env() });
      expect(r.code, host).toBe(2);
      expect(r.stderr).toContain(`--host ${host}: this machine has no such address to listen on`);
    }
  });

  it('dgw serve --host [::1] (an IPv6 address as a URL writes it) serves on ::1', async () => {
    const run = startDgw(['serve', '--host', '[::1]', '--port', '0', '--json'], { env: env({ DGW_LOCAL_DIR: path.join(tmp.dir, 'v6') }) });
    try {
      await run.waitForOutput('baseUrl');
      expect(JSON.parse(run.stdout().split('\n')[0]).baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/api\/v1$/);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });
});

describe('a conflict, not a refusal', () => {
  let g: TestGateway;
  let app: ReturnType<typeof createGatewayApp>;
  beforeAll(async () => {
    g = await openGateway();
    app = createGatewayApp(g.gateway);
  });
  afterAll(() => g.close());

  it('an import whose table another request drops while it runs is 409 CONFLICT (exit 5), never a 400 refusal', async () => {
    const csv = `id,label\n${Array.from({ length: 200_000 }, (_, i) => `${i},row ${i}`).join('\n')}\n`;
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      await g.call('POST', `${P}/queries/execute`, { body: { statement: 'CREATE OR REPLACE TABLE svc.table.raced (id BIGINT, label VARCHAR)' } });
      const form = new FormData();
      form.set('request', JSON.stringify({ mappings: [{ name: 'id', csvColumnName: 'id' }, { name: 'label', csvColumnName: 'label' }], containsHeader: true }));
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'raced.csv');
      const imported = app.request(`/api/v1${P}/table/raced/import`, { method: 'POST', headers: { authorization: `Bearer ${g.partnerKey}` }, body: form });
      // The drop lands before, during or after the import: each is a fair outcome, a 400 is not.
      await new Promise((r) => setTimeout(r, round * 15));
      await g.call('POST', `${P}/queries/execute`, { body: { statement: 'DROP TABLE IF EXISTS svc.table.raced' } });
      const res = await imported;
      const body = (await res.json()) as { errorCode?: string };
      outcomes.add(`${res.status} ${body.errorCode ?? ''}`.trim());
      expect([200, 404, 409], JSON.stringify(body)).toContain(res.status);
    }
    expect([...outcomes].every((o) => ['200', '404 NOT_FOUND', '409 CONFLICT'].includes(o))).toBe(true);
  });
});
