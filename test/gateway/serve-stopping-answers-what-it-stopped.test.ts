import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchConnectionsAtWork } from '../support/at-work.js';
import { startServer } from '../../src/gateway/server.js';
import { P, tempDir } from './helpers.js';

// Stopping `dgw serve` (Ctrl-C) while requests run: it cut their connections first, so each client
// learnt only that the connection closed and that its change "may be made". Now their statements
// are stopped first and each is answered 503 saying nothing was kept; then the connections go.
// A spy tells when a request's connection is at work, so the stop comes while its statement runs.

const LONG = 'SELECT count(*) AS n FROM range(1000000000000) t(i) WHERE hash(i) % 7 = 3';
const STOPPING = 'dgw serve is stopping: this request was stopped before it finished, and nothing it would have changed was kept; run it again once dgw serve is back';
const tmp = tempDir('dgw-serve-stopping-');
let nextAtWork: () => Promise<void>;

beforeAll(() => {
  nextAtWork = watchConnectionsAtWork();
});
afterAll(() => {
  vi.restoreAllMocks();
  tmp.remove();
});

/** Stops a served gateway while `body` runs at `path`; the answer that request got. */
async function stoppedUnder(dataDir: string, path: string, body: unknown): Promise<{ status: number; body: { errorCode: string; message: string } }> {
  const server = await startServer({ dataDir, port: 0 });
  const started = nextAtWork();
  const answer = fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await started;
  await server.close();
  const res = await answer;
  return { status: res.status, body: (await res.json()) as { errorCode: string; message: string } };
}

describe('dgw serve stopped while requests run', () => {
  it('answers a run-SQL request 503, its statement stopped', async () => {
    const r = await stoppedUnder(join(tmp.dir, 'sql'), `${P}/queries/execute`, { statement: LONG });
    expect([r.status, r.body]).toEqual([503, { errorCode: 'UNAVAILABLE', message: STOPPING }]);
  });

  it('answers a materialized create 503, and the query is not there when dgw serve is back', async () => {
    const dataDir = join(tmp.dir, 'create');
    const r = await stoppedUnder(dataDir, `${P}/queries`, { displayName: 'Big', queryType: 'MATERIALIZED', inputQuery: LONG });
    expect([r.status, r.body]).toEqual([503, { errorCode: 'UNAVAILABLE', message: STOPPING }]);
    const again = await startServer({ dataDir, port: 0 });
    try {
      const list = await fetch(`${again.baseUrl}${P}/queries`, { headers: { authorization: `Bearer ${again.partnerKey}` } });
      expect(((await list.json()) as Array<{ name: string }>).map((q) => q.name)).not.toContain('big');
    } finally {
      await again.close();
    }
  });
});
