import { DuckDBInstance } from '@duckdb/node-api';
import { expect, it } from 'vitest';
import { userSqlError } from '../../src/gateway/sandbox/index.js';
import { defaultLimits } from '../../src/gateway/limits.js';

// Two UPDATEs of the same rows at once through dgw serve: the loser got DuckDB's conflict as 400
// (exit 6), while a CSV import's same conflict is 409 (exit 5, worth running again).

it('DuckDB\'s write-write conflict of a run-SQL statement is 409, saying another change won', async () => {
  const db = await DuckDBInstance.create(':memory:');
  const [a, b] = [await db.connect(), await db.connect()];
  try {
    await a.run('CREATE TABLE t AS SELECT 1 AS n');
    await a.run('BEGIN');
    await b.run('BEGIN');
    await a.run('UPDATE t SET n = 2');
    const error = await b.run('UPDATE t SET n = 3').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const answer = userSqlError(error, defaultLimits(), 'UPDATE t SET n = 3');
    expect([answer.status, answer.errorCode]).toEqual([409, 'CONFLICT']);
    expect(answer.message).toBe('another change to the same rows won at the same moment (a write-write conflict); run it again');
    // Two CREATE TABLEs of one name: DuckDB's message names its internal catalog path, which is not repeated.
    for (const c of [a, b]) await c.run('ROLLBACK');
    for (const c of [a, b]) await c.run('BEGIN');
    await a.run('CREATE TABLE u (n INT)');
    const created = await b.run('CREATE TABLE u (n INT)').then(() => undefined, (e: unknown) => e);
    expect(created).toBeInstanceOf(Error);
    const second = userSqlError(created, defaultLimits(), 'CREATE TABLE u (n INT)');
    expect([second.status, second.message]).toEqual([409, 'another change to the same table won at the same moment (a write-write conflict); run it again']);
  } finally {
    a.closeSync();
    b.closeSync();
    db.closeSync();
  }
});
