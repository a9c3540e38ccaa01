import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// A cancelled run's statements are interrupted until they stop; then the run writes how it ended
// (ROLLBACK, its CANCELLED row), which an interrupt would cut, leaving it RUNNING. A cancel used to
// go on interrupting every 50 ms until the whole run was done. Here the run's ROLLBACK is held for
// 200 ms after it returns, so such an interrupt could not go unseen: none may come after it began.

const tmp = tempDir('dgw-cancel-interrupts-');
let g: TestGateway;
const events: string[] = [];
let rollbacksEnded = 0;
/** Set to make the next ROLLBACK fail unrun, as an interrupt that cut it would. */
let cutNextRollback = false;
beforeAll(async () => {
  g = await openGateway({ dataDir: tmp.dir });
  const run = DuckDBConnection.prototype.run;
  vi.spyOn(DuckDBConnection.prototype, 'run').mockImplementation(async function (this: DuckDBConnection, sql: string, ...rest: unknown[]) {
    if (sql !== 'ROLLBACK') return run.call(this, sql, ...(rest as []));
    if (cutNextRollback) {
      cutNextRollback = false;
      events.push('rollback cut');
      throw new Error('INTERRUPT Error: Interrupted!');
    }
    events.push('rollback');
    const result = await run.call(this, sql);
    await new Promise((resolve) => setTimeout(resolve, 200));
    rollbacksEnded += 1;
    return result;
  });
  const interrupt = DuckDBConnection.prototype.interrupt;
  vi.spyOn(DuckDBConnection.prototype, 'interrupt').mockImplementation(function (this: DuckDBConnection) {
    events.push('interrupt');
    interrupt.call(this);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await g.close();
  tmp.remove();
});

async function call(method: string, path: string, body?: unknown) {
  const r = await g.call(method, path, { body });
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return r.body;
}

describe('cancelling a running cache run', () => {
  it('interrupts its statements, and nothing once it writes how it ended', async () => {
    await call('POST', `${P}/queries`, { displayName: 'Endless', inputQuery: 'SELECT max(range) AS n FROM range(1000000000000)' });
    const cache = await call('POST', `${P}/cache`, { catalogId: '2', schemaName: 'query', tableName: 'endless' });
    events.length = 0;
    await call('POST', `${P}/cache/${cache.id}/cancelFullRefreshUpdate`);
    const history = await call('GET', `${P}/cache/${cache.id}/executionHistory`);
    expect(history.map((r: { status: string }) => r.status)).toEqual(['CANCELLED']);
    expect(events[0]).toBe('interrupt');
    expect(events.slice(events.indexOf('rollback'))).toEqual(['rollback']);
  });
});

/** A CSV answer of run SQL, read as it comes. */
const csvAnswer = (statement: string, accept = 'text/csv') =>
  createGatewayApp(g.gateway).request(`/api/v1${P}/queries/execute?format=COMPACT`, {
    method: 'POST',
    headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json', accept },
    body: JSON.stringify({ statement }),
  });
const pipesLeft = () => readdirSync(join(g.gateway.transferDir('demo'), 'streams'));

describe('a CSV answer whose reader goes away', () => {
  // Its COPY runs on a pooled connection: a ROLLBACK cut by an interrupt sends the connection back
  // with its transaction aborted, and the next request on it fails ("transaction is aborted").
  it('interrupts its COPY, and nothing once it rolls back', async () => {
    const reader = (await csvAnswer('SELECT i AS n FROM range(10000000000) t(i)')).body!.getReader();
    await reader.read();
    events.length = 0;
    const ended = rollbacksEnded;
    await reader.cancel();
    await expect.poll(() => rollbacksEnded, { timeout: 30_000 }).toBeGreaterThan(ended);
    expect(events[0]).toBe('interrupt');
    // The pool may roll the connection back once more before it serves again (the next test): no interrupt either way.
    expect(events.slice(events.indexOf('rollback')).filter((e) => e === 'interrupt')).toEqual([]);
  });

  it('an interrupted connection is rolled back before it serves again, even when its own ROLLBACK was cut', async () => {
    const reader = (await csvAnswer('SELECT i AS n FROM range(10000000000) t(i)')).body!.getReader();
    await reader.read();
    cutNextRollback = true;
    await reader.cancel();
    await expect.poll(() => events.includes('rollback cut'), { timeout: 30_000 }).toBe(true);
    await expect.poll(pipesLeft, { timeout: 30_000 }).toEqual([]);
    // The pool gives the connection released last: the one whose ROLLBACK was cut.
    const next = await csvAnswer('SELECT 42 AS n', 'application/json');
    expect([next.status, await next.text()]).toEqual([200, expect.stringContaining('"data":[[42]]')]);
  });
});
