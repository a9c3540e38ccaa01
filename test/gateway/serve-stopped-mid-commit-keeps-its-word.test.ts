import { join } from 'node:path';
import { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProjectStore } from '../../src/gateway/project/store.js';
import { RowTexts } from '../../src/gateway/row-texts.js';
import { startServer, type RunningServer } from '../../src/gateway/server.js';
import { P, tempDir, waitFor } from './helpers.js';

// `dgw serve` stopped while run-SQL writes run must answer each as it ended. Seen with SIGTERM and
// concurrent `dgw sql` INSERTs, three ways it did not: (1) the stop interrupted every connection at
// work, COMMIT included, and DuckDB answers an interrupted COMMIT "Interrupted!" whether or not it
// kept the change, so kept writes were answered 503 "nothing it would have changed was kept" (10 of
// 518 answers) and a script retrying them wrote them twice; (2) a write that had committed had its
// answer cut as the stop ended the answers under way; (3) an interrupt that the sandbox's look at an
// INSERT's target swallows left the transaction aborted, answered as DuckDB's own "TransactionContext
// Error" (400, exit 6). Spies order the events. In (1) the write's COMMIT starts once the stop has
// begun, and a COMMIT of millions of updated rows runs long enough to meet the stop's interrupts
// (sent every 50 ms; a busy machine only makes it longer); each one sent during it is counted.

const ROWS = 4_000_000;
const STOPPING = 'dgw serve is stopping: this request was stopped before it finished, and nothing it would have changed was kept; run it again once dgw serve is back';
const tmp = tempDir('dgw-serve-mid-commit-');
let commitArmed = false;
let onCommit: () => void = () => undefined;
let stopBegan: Promise<void>;
let markStopBegan: () => void = () => undefined;
const inCommit = new Set<DuckDBConnection>();
let interruptsInCommit = 0;
const stopping = new Set<ProjectStore>();
let answerArmed = false;
let onAnswer: () => void = () => undefined;
let guardArmed = false;
let onGuard: () => void = () => undefined;

beforeAll(() => {
  const run = DuckDBConnection.prototype.run;
  vi.spyOn(DuckDBConnection.prototype, 'run').mockImplementation(async function (this: DuckDBConnection, sql: string, ...rest: unknown[]) {
    if (sql !== 'COMMIT' || !commitArmed) return run.call(this, sql, ...(rest as []));
    commitArmed = false;
    onCommit();
    await stopBegan;
    inCommit.add(this);
    try {
      return await run.call(this, sql);
    } finally {
      inCommit.delete(this);
    }
  });
  const interrupt = DuckDBConnection.prototype.interrupt;
  vi.spyOn(DuckDBConnection.prototype, 'interrupt').mockImplementation(function (this: DuckDBConnection) {
    if (inCommit.has(this)) interruptsInCommit += 1;
    interrupt.call(this);
  });
  // The sandbox's look at an INSERT's target swallows its own failure; here it runs until the stop interrupts it.
  const runAndReadAll = DuckDBConnection.prototype.runAndReadAll;
  vi.spyOn(DuckDBConnection.prototype, 'runAndReadAll').mockImplementation(function (this: DuckDBConnection, sql: string, ...rest: unknown[]) {
    if (!guardArmed || !sql.startsWith('EXPLAIN (FORMAT JSON) SELECT * FROM ')) return runAndReadAll.call(this, sql, ...(rest as []));
    guardArmed = false;
    onGuard();
    return runAndReadAll.call(this, 'SELECT count(*) FROM range(1000000000000) t(i) WHERE hash(i) % 7 = 3');
  });
  const close = ProjectStore.prototype.close;
  vi.spyOn(ProjectStore.prototype, 'close').mockImplementation(function (this: ProjectStore, ...args: Parameters<ProjectStore['close']>) {
    stopping.add(this);
    markStopBegan();
    return close.apply(this, args);
  });
  const next = RowTexts.prototype.next;
  vi.spyOn(RowTexts.prototype, 'next').mockImplementation(async function (this: RowTexts) {
    if (answerArmed) {
      answerArmed = false;
      onAnswer();
      // The stop stops the answers under way as its project closes: this one is under way then.
      await waitFor(() => [...stopping].some((store) => store.closed), 'the project closing');
    }
    return next.call(this);
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  tmp.remove();
});

function newStop(): void {
  stopping.clear();
  stopBegan = new Promise((resolve) => (markStopBegan = resolve));
}

async function sql(server: RunningServer, statement: string): Promise<{ status: number; body: { data?: unknown[][]; message?: string } }> {
  const res = await fetch(`${server.baseUrl}${P}/queries/execute?format=COMPACT`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ statement }),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown[][]; message?: string } };
}

describe('dgw serve stopped while a write commits', () => {
  it('waits for the COMMIT, answers the write 200, and the write is there when dgw serve is back', async () => {
    const dataDir = join(tmp.dir, 'update');
    const server = await startServer({ dataDir, port: 0 });
    expect((await sql(server, `CREATE TABLE svc.table.big AS SELECT range AS i, 0 AS v FROM range(${ROWS})`)).status).toBe(200);
    newStop();
    const committing = new Promise<void>((resolve) => (onCommit = resolve));
    commitArmed = true;
    const answer = sql(server, 'UPDATE svc.table.big SET v = v + 1');
    await committing;
    const closed = server.close();
    const r = await answer;
    await closed;
    const again = await startServer({ dataDir, port: 0 });
    try {
      const kept = await sql(again, 'SELECT max(v) AS v FROM svc.table.big');
      expect({ status: r.status, message: r.body.message, interruptsInCommit, kept: kept.body.data }).toEqual({ status: 200, message: undefined, interruptsInCommit: 0, kept: [[1]] });
    } finally {
      await again.close();
    }
  });

  it('writes the whole answer of a write that committed before the stop', async () => {
    const dataDir = join(tmp.dir, 'insert');
    const server = await startServer({ dataDir, port: 0 });
    expect((await sql(server, 'CREATE TABLE svc.table.t (v INTEGER)')).status).toBe(200);
    newStop();
    const answering = new Promise<void>((resolve) => (onAnswer = resolve));
    answerArmed = true;
    const answer = sql(server, 'INSERT INTO svc.table.t VALUES (7)');
    await answering;
    const closed = server.close();
    const r = await answer.catch((error: unknown) => ({ status: 0, body: { message: String(error) } }));
    await closed;
    const again = await startServer({ dataDir, port: 0 });
    try {
      const kept = await sql(again, 'SELECT v FROM svc.table.t');
      expect({ status: r.status, body: r.body, kept: kept.body.data }).toEqual({ status: 200, body: expect.objectContaining({ data: [['1']] }), kept: [[7]] });
    } finally {
      await again.close();
    }
  });

  it('answers a write whose transaction the stop aborted 503, in its own words, and keeps nothing', async () => {
    const dataDir = join(tmp.dir, 'aborted');
    const server = await startServer({ dataDir, port: 0 });
    expect((await sql(server, 'CREATE TABLE svc.table.t (v INTEGER)')).status).toBe(200);
    const guarding = new Promise<void>((resolve) => (onGuard = resolve));
    guardArmed = true;
    const answer = sql(server, 'INSERT INTO svc.table.t VALUES (8)');
    await guarding;
    await server.close();
    const r = await answer;
    const again = await startServer({ dataDir, port: 0 });
    try {
      const kept = await sql(again, 'SELECT count(*)::INTEGER AS n FROM svc.table.t');
      expect({ status: r.status, message: r.body.message, kept: kept.body.data }).toEqual({ status: 503, message: STOPPING, kept: [[0]] });
    } finally {
      await again.close();
    }
  });
});
