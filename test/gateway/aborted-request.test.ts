import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Sandbox } from '../../src/gateway/sandbox/index.js';
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

  it('does not stop a refresh it started: the refresh outlives its request', async () => {
    const q = await g.call('POST', `${P}/queries`, { body: { displayName: 'Outlives', queryType: 'MATERIALIZED', inputQuery: 'SELECT count(*) AS c FROM range(10)' } });
    // The refresh is held in its check of the SQL, before its statements, until the request is aborted:
    // a refresh that took its request's signal would then be refused at its first statement.
    let reached!: () => void;
    const inCheck = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const check = Sandbox.prototype.checkDefinition;
    vi.spyOn(Sandbox.prototype, 'checkDefinition').mockImplementation(async function (this: Sandbox, ...args) {
      reached();
      await held;
      return check.apply(this, args);
    });
    const controller = new AbortController();
    const res = await app.fetch(new Request(`http://local/api/v1${P}/materialized-queries/${q.body.id}/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.partnerKey}` },
      signal: controller.signal,
    }));
    expect(res.status).toBe(200);
    await inCheck;
    controller.abort();
    expect((await g.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body.status).toBe('RUNNING');
    vi.restoreAllMocks();
    release();
    // However long a busy machine takes: the test's own limit is the bound.
    for (;;) {
      const s = (await g.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body;
      if (s.status !== 'RUNNING') return expect([s.status, s.message]).toEqual(['COMPLETED', null]);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
