import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { openGateway, P, type TestGateway } from './helpers.js';

// An aborted request (its Request.signal) interrupts the DuckDB statement running for it: the
// answer is 499 CANCELLED at once, nothing is changed, and the project goes on serving.
// Hours of work: a statement the abort did not interrupt would hold its request past the test's own limit.
const LONG = 'SELECT count(*) AS n FROM range(1000000000000) t(i) WHERE hash(i) % 7 = 3';
let g: TestGateway;
let app: ReturnType<typeof createGatewayApp>;
beforeAll(async () => {
  g = await openGateway();
  app = createGatewayApp(g.gateway);
});
afterAll(() => g.close());

async function abortedAfter(ms: number, path: string, body: unknown): Promise<{ status: number; body: { errorCode: string; message: string } }> {
  const controller = new AbortController();
  const request = new Request(`http://local/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  setTimeout(() => controller.abort(), ms);
  const res = await app.fetch(request);
  return { status: res.status, body: (await res.json()) as { errorCode: string; message: string } };
}

describe('an aborted request', () => {
  it('interrupts its run-SQL statement at once', async () => {
    const r = await abortedAfter(500, `${P}/queries/execute`, { statement: LONG });
    expect(r.status).toBe(499);
    expect(r.body.errorCode).toBe('CANCELLED');
    expect((await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT 1 AS one' } })).body.data).toEqual([{ one: 1 }]);
  });

  it('interrupts a materialized create while it builds, and rolls it back', async () => {
    const r = await abortedAfter(500, `${P}/queries`, { displayName: 'Aborted build', queryType: 'MATERIALIZED', inputQuery: LONG });
    expect(r.status).toBe(499);
    const names = (await g.call('GET', `${P}/queries`)).body.map((q: { name: string }) => q.name);
    expect(names).not.toContain('abortedbuild');
    const made = await g.call('POST', `${P}/queries`, { body: { displayName: 'Aborted build', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x' } });
    expect(made.status).toBe(200);
  });

  it('an abort whose reason is an HttpError is answered with it (how a time limit would say so)', async () => {
    const { HttpError } = await import('../../src/gateway/errors.js');
    const controller = new AbortController();
    const request = new Request(`http://local/api/v1${P}/queries/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ statement: LONG }),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new HttpError(400, 'the statement ran out of time', 'STATEMENT_TIMEOUT')), 300);
    const res = await app.fetch(request);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errorCode: 'STATEMENT_TIMEOUT', message: 'the statement ran out of time' });
  });

  // A second of work idle, many on a busy machine: the test's limit is far beyond either.
  it('does not stop a refresh it started: the refresh outlives its request', { timeout: 300_000 }, async () => {
    await g.call('POST', `${P}/queries/execute`, { body: { statement: 'CREATE TABLE svc.table.sz AS SELECT 10::BIGINT AS n' } });
    const inputQuery = 'SELECT count(*) AS c FROM svc.table.sz s, range(s.n) t(i) WHERE hash(i) % 7 = 3';
    const q = await g.call('POST', `${P}/queries`, { body: { displayName: 'Outlives', queryType: 'MATERIALIZED', inputQuery } });
    // About a second of work for the refresh, so the abort comes while it runs.
    await g.call('POST', `${P}/queries/execute`, { body: { statement: 'UPDATE svc.table.sz SET n = 150000000' } });
    const controller = new AbortController();
    const res = await app.fetch(new Request(`http://local/api/v1${P}/materialized-queries/${q.body.id}/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.partnerKey}` },
      signal: controller.signal,
    }));
    expect(res.status).toBe(200);
    controller.abort();
    // However long a busy machine takes: the test's own limit is the bound.
    for (let i = 0; ; i++) {
      const s = (await g.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body;
      if (s.status !== 'RUNNING') {
        expect(s.status).toBe('COMPLETED');
        expect(i).toBeGreaterThan(0);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
