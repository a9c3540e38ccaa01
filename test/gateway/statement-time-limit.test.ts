import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from '../support/dgw.js';
import { openGateway, P, spawnServe, waitFor, type TestGateway } from './helpers.js';

// A statement, a materialized build, a refresh or an export that runs longer than the gateway's
// time limit is interrupted: the request is answered 400 STATEMENT_TIMEOUT at the limit, nothing it
// did is kept, and the project goes on serving. `dgw serve --statement-timeout` and
// DGW_LOCAL_STATEMENT_TIMEOUT (in-process and served alike) set the limit; the CLI exits 6 with the
// gateway's message. Upper bounds are CPU time in-process, and wide wall-clock bounds when served
// (unstopped, these statements run for minutes), so that a busy machine does not fail them.

/**
 * CPU time of this process (DuckDB's threads included) since `from`: the work an in-process
 * statement did before it was stopped, which a busy machine does not stretch as it does wall time.
 */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

/** The issue's statement: a core's work for many minutes. */
const ISSUE = 'SELECT count(*) FROM range(100000000000)';
const LONG = 'SELECT count(*) AS n FROM range(10000000000) t(i) WHERE hash(i) % 7 = 3';

describe('with a limit of 1 s, in-process', () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await openGateway({ limits: { statementTimeoutMs: 1000, memoryLimitBytes: 1024 ** 3 } });
  });
  afterAll(() => g.close());

  /** A step that sets a test up, sent again while the 1 s limit stops it: a busy machine can take that long over the smallest statement. */
  async function setUp(method: string, path: string, body: unknown) {
    for (;;) {
      const r = await g.call(method, path, { body });
      if (r.body?.errorCode !== 'STATEMENT_TIMEOUT') return r;
    }
  }

  async function timed(method: string, path: string, body: unknown) {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const r = await g.call(method, path, { body });
    return { ...r, took: Date.now() - started, cpuMs: cpuMsSince(cpu) };
  }

  it('stops a run-SQL statement at the limit: 400 STATEMENT_TIMEOUT, and the next statement runs', async () => {
    const r = await timed('POST', `${P}/queries/execute`, { statement: ISSUE });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errorCode).toBe('STATEMENT_TIMEOUT');
    expect(r.body.message).toMatch(/time limit of 1s.*--statement-timeout.*DGW_LOCAL_STATEMENT_TIMEOUT/);
    expect(r.took).toBeGreaterThanOrEqual(900);
    expect(r.cpuMs).toBeLessThan(3000);
    expect((await setUp('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT 1' })).body.data).toEqual([[1]]);
  });

  it('stops a write and keeps nothing of it', async () => {
    const r = await timed('POST', `${P}/queries/execute`, { statement: `CREATE TABLE svc.table.never AS ${LONG}` });
    expect(r.body.errorCode).toBe('STATEMENT_TIMEOUT');
    expect(r.cpuMs).toBeLessThan(3000);
    expect((await g.call('GET', `${P}/table`)).body.map((t: { tableName: string }) => t.tableName)).not.toContain('never');
  });

  it('stops a materialized build: the query is not created', async () => {
    const r = await timed('POST', `${P}/queries`, { displayName: 'Too slow', queryType: 'MATERIALIZED', inputQuery: LONG });
    expect(r.body.errorCode).toBe('STATEMENT_TIMEOUT');
    expect(r.cpuMs).toBeLessThan(3000);
    expect((await g.call('GET', `${P}/queries`)).body.map((q: { name: string }) => q.name)).not.toContain('tooslow');
  });

  it('stops the check before a statement runs too (planning a large expansion)', async () => {
    // 65,536 copies of a0 once inlined: seconds of planning, which DuckDB stops within about a second of an interrupt.
    const ctes = ['a0 AS (SELECT 1 AS x)'];
    for (let i = 1; i <= 16; i++) ctes.push(`a${i} AS NOT MATERIALIZED (SELECT * FROM a${i - 1} UNION ALL SELECT * FROM a${i - 1})`);
    const r = await timed('POST', `${P}/queries/execute`, { statement: `WITH ${ctes.join(', ')} SELECT count(*) FROM a16` });
    expect(r.status).toBe(400);
    expect(['STATEMENT_TIMEOUT', 'STATEMENT_TOO_COMPLEX']).toContain(r.body.errorCode);
    expect(r.cpuMs).toBeLessThan(3000);
  });

  it('stops a refresh at the limit: FAILED with the reason, the previous result kept', async () => {
    expect((await setUp('POST', `${P}/queries/execute`, { statement: 'CREATE TABLE svc.table.size AS SELECT 10::BIGINT AS n' })).status).toBe(200);
    const made = await setUp('POST', `${P}/queries`, { displayName: 'Grows', queryType: 'MATERIALIZED', inputQuery: 'SELECT count(*) AS c FROM svc.table.size s, range(s.n) t(i) WHERE hash(i) % 7 = 3' });
    expect(made.status, made.text).toBe(200);
    const before = (await setUp('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT c FROM svc.mtquery.grows' })).body.data;
    expect((await setUp('POST', `${P}/queries/execute`, { statement: 'UPDATE svc.table.size SET n = 100000000000' })).status).toBe(200);
    const cpu = process.cpuUsage();
    expect((await g.call('POST', `${P}/materialized-queries/${made.body.id}/refresh`)).status).toBe(200);
    const status = await waitFor(async () => {
      const s = (await g.call('GET', `${P}/materialized-queries/${made.body.id}/status`)).body;
      return s.status === 'RUNNING' ? undefined : s;
    }, 'the refresh to end', 150_000);
    expect(cpuMsSince(cpu)).toBeLessThan(3000);
    expect(status.status).toBe('FAILED');
    expect(status.message).toMatch(/time limit of 1s.*previous result was kept/);
    expect((await setUp('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT c FROM svc.mtquery.grows' })).body.data).toEqual(before);
  });

  // CSV is written by DuckDB's COPY, JSON Lines by the gateway's own writer: both stop.
  it.each(['CSV', 'JSONL'])('stops an export at the limit: FAILED with the reason, no file of it left (%s)', async (format) => {
    const made = await setUp('POST', `${P}/queries`, { displayName: `Slow export ${format}`, inputQuery: LONG });
    expect(made.status, made.text).toBe(200);
    const cpu = process.cpuUsage();
    const submitted = await g.call('POST', `${P}/queries/${made.body.id}/exports`, { body: { format } });
    expect(submitted.status, submitted.text).toBe(202);
    const job = await waitFor(async () => {
      const read = (await g.call('GET', `${P}/exports/${submitted.body.id}`)).body;
      return ['PENDING', 'RUNNING'].includes(read.status) ? undefined : read;
    }, 'the export to end', 150_000);
    expect(cpuMsSince(cpu)).toBeLessThan(3000);
    expect(job.status).toBe('FAILED');
    expect(job.error).toMatch(/export ran longer than the local gateway's time limit of 1s.*partial file was removed/);
    expect(readdirSync(join(g.gateway.transferDir('demo'), 'exports', submitted.body.id))).toEqual(['job.json']);
  });
});

describe('set by the user', () => {
  const tmp = tempDir('dgw-time-limit-');
  afterAll(() => tmp.remove());

  it('dgw serve --statement-timeout 2s answers the issue\'s statement 400 at 2 s', async () => {
    const server = await spawnServe(join(tmp.dir, 'served'), join(tmp.dir, 'config'), ['--statement-timeout', '2s']);
    try {
      const started = Date.now();
      const r = await server.call('POST', `${P}/queries/execute`, { statement: ISSUE });
      const took = Date.now() - started;
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('STATEMENT_TIMEOUT');
      // Not before the limit; and the statement is minutes of work, so STATEMENT_TIMEOUT at all is the limit's doing.
      expect(took).toBeGreaterThanOrEqual(1900);
    } finally {
      await server.stop();
    }
  });

  it('DGW_LOCAL_STATEMENT_TIMEOUT limits an in-process dgw sql: exit 6 with the reason', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'in-process'), DGW_ZONE: 'local', DGW_LOCAL_STATEMENT_TIMEOUT: '2s' };
    const r = await runDgw(['sql', ISSUE], { env });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/error: the statement ran longer than the local gateway's time limit of 2s and was stopped; nothing was changed/);
    expect((await runDgw(['sql', 'SELECT 1 AS one', '--json'], { env })).stdout).toBe('[{"one":1}]\n');
  });

  it('DGW_LOCAL_STATEMENT_TIMEOUT=abc is a usage error naming the variable', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'bad'), DGW_ZONE: 'local', DGW_LOCAL_STATEMENT_TIMEOUT: 'abc' };
    const r = await runDgw(['sql', 'SELECT 1'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DGW_LOCAL_STATEMENT_TIMEOUT: "abc" is not a duration/);
  });

  it.each([['0'], ['abc'], ['30d']])('dgw serve --statement-timeout %s is a usage error', async (value) => {
    const r = await runDgw(['serve', '--port', '0', '--data-dir', join(tmp.dir, 'never'), '--statement-timeout', value], { env: { DGW_CONFIG_DIR: join(tmp.dir, 'config') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--statement-timeout/);
  });
});
