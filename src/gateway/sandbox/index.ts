import type { DuckDBConnection, DuckDBPreparedStatement, DuckDBResultReader } from '@duckdb/node-api';
import { badRequest, duckMessage, HttpError, sqlError } from '../errors.js';
import { explainParts, rebuildExplain } from './explain-head.js';
import { catalogSnapshot, changedTable, forbiddenChange, protectedCounts } from './guard.js';
import { explainBlockedCall } from './instance.js';
import { planTouches, type PlanTouches } from './plan.js';
import { refusal, type Purpose } from './rules.js';

export { hardenInstance } from './instance.js';

/** Connections whose EXPLAIN prints the logical plan too (`explain_output = 'all'`). */
export interface PlanConnections {
  withPlanner<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T>;
}

// StatementType values of DuckDB's C API.
const KINDS: Record<number, Purpose | 'explain'> = { 1: 'select', 2: 'insert', 3: 'update', 4: 'explain', 5: 'delete', 7: 'create', 15: 'drop' };

const ALLOWED = 'only SELECT, EXPLAIN, INSERT, UPDATE, DELETE, and CREATE TABLE / DROP TABLE in svc.table can be run';

/** A statement the sandbox refuses: 400, with the reason. */
export function notAllowed(reason: string): HttpError {
  return new HttpError(400, reason, 'SQL_NOT_ALLOWED');
}

/** DuckDB's error about a user's SQL, as a message for the user (a 400 SQL_ERROR). */
export function userSqlError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return sqlError(explainBlockedCall(duckMessage(error)).replace(/^Failed to extract statements: /, ''));
}

/**
 * The sandbox: decides what a statement may touch, from DuckDB's own view of it (its bound,
 * unoptimized plan; see plan.ts and rules.ts), and runs run-SQL statements so that the decision
 * holds (reads in read-only transactions; writes in transactions checked before they commit, see
 * guard.ts). Used alike by run-SQL, by query definitions when they are saved, and by refreshes.
 */
export class Sandbox {
  constructor(private readonly planners: PlanConnections) {}

  /** What one statement reads and does, as DuckDB binds it now; `sql` must hold exactly one statement (checked by the caller). */
  async touches(sql: string): Promise<PlanTouches> {
    return this.planners.withPlanner(async (conn) => {
      return planTouches((await conn.runAndReadAll(`EXPLAIN (FORMAT JSON)\n${sql}`)).getRowObjectsJS());
    });
  }

  /**
   * Judges the SQL of a saved query (one SELECT, parse-checked by the caller): refused with 400
   * when it reaches beyond what SQL may read; DuckDB's binder message when it does not bind now.
   */
  async checkDefinition(sql: string): Promise<{ bindError?: string }> {
    let touches: PlanTouches;
    try {
      touches = await this.touches(sql);
    } catch (error) {
      return { bindError: explainBlockedCall(duckMessage(error)) };
    }
    const why = refusal(touches, 'definition');
    if (why) throw notAllowed(why);
    return {};
  }

  /** Runs one run-SQL statement under the rules and returns its rows, at most `limit` of them. */
  async run(conn: DuckDBConnection, sql: string, limit: number): Promise<DuckDBResultReader> {
    const extracted = await conn.extractStatements(sql).catch((error: unknown) => {
      throw userSqlError(error);
    });
    if (extracted.count !== 1) throw badRequest(`run one statement at a time (got ${extracted.count})`);
    const prepared = await extracted.prepare(0).catch((error: unknown) => {
      throw userSqlError(error);
    });
    try {
      const kind = KINDS[prepared.statementType];
      if (kind === undefined) throw badRequest(ALLOWED);
      if (kind === 'explain') return await this.runExplain(conn, sql, limit);
      await this.judge(sql, kind);
      return await this.execute(conn, prepared, kind, limit);
    } finally {
      prepared.destroySync();
    }
  }

  /**
   * EXPLAIN X is judged as X (EXPLAIN ANALYZE runs X); what runs is an EXPLAIN rebuilt around
   * the X that was judged, so a different reading of the options cannot smuggle anything in.
   */
  private async runExplain(conn: DuckDBConnection, sql: string, limit: number): Promise<DuckDBResultReader> {
    const parts = explainParts(sql);
    if (!parts) throw notAllowed('this EXPLAIN could not be read: write EXPLAIN [ANALYZE] STATEMENT, or EXPLAIN (FORMAT json|text, ANALYZE) STATEMENT');
    const inner = await conn.prepare(parts.inner).catch((error: unknown) => {
      throw userSqlError(error);
    });
    let kind: Purpose | 'explain' | undefined;
    try {
      kind = KINDS[inner.statementType];
    } finally {
      inner.destroySync();
    }
    if (kind === undefined || kind === 'explain') throw badRequest(`EXPLAIN: ${ALLOWED}`);
    await this.judge(parts.inner, kind);
    const prepared = await conn.prepare(rebuildExplain(parts)).catch((error: unknown) => {
      throw userSqlError(error);
    });
    try {
      if (!parts.analyze) return await this.rolledBack(conn, 'BEGIN', prepared, limit);
      return await this.execute(conn, prepared, kind, limit);
    } finally {
      prepared.destroySync();
    }
  }

  /**
   * Runs `prepared` in a transaction opened by `begin` and always rolled back. A plain EXPLAIN
   * plans its statement without running it (the EXPLAIN was rebuilt, so no ANALYZE hides in it),
   * but DuckDB plans a write in a writing transaction; anything else reads in a read-only one.
   */
  private async rolledBack(conn: DuckDBConnection, begin: string, prepared: DuckDBPreparedStatement, limit: number): Promise<DuckDBResultReader> {
    await conn.run(begin);
    try {
      return await prepared.streamAndReadUntil(limit).catch((error: unknown) => {
        throw userSqlError(error);
      });
    } finally {
      await conn.run('ROLLBACK').catch(() => undefined);
    }
  }

  private async judge(sql: string, purpose: Purpose): Promise<void> {
    const touches = await this.touches(sql).catch((error: unknown) => {
      throw userSqlError(error);
    });
    const why = refusal(touches, purpose);
    if (why) throw notAllowed(why);
  }

  /**
   * Runs a judged statement. A read runs in a read-only transaction that is rolled back. A write
   * runs in a transaction of its own that commits only when DuckDB shows it changed nothing but
   * stored tables: no row of `svc._dgw` or `svc.mtquery` (INSERT, DELETE), no object outside
   * `svc.table` (CREATE, DROP). An UPDATE's plan already names its target among what it reads.
   */
  private async execute(conn: DuckDBConnection, prepared: DuckDBPreparedStatement, purpose: Purpose, limit: number): Promise<DuckDBResultReader> {
    if (purpose === 'select') return this.rolledBack(conn, 'BEGIN TRANSACTION READ ONLY', prepared, limit);
    await conn.run('BEGIN');
    try {
      const rows = purpose === 'insert' || purpose === 'delete';
      const before = rows ? await protectedCounts(conn) : purpose === 'update' ? undefined : await catalogSnapshot(conn);
      const reader = await prepared.runAndReadUntil(limit).catch((error: unknown) => {
        throw userSqlError(error);
      });
      if (before instanceof Map) {
        const changed = changedTable(before, await protectedCounts(conn));
        if (changed) throw notAllowed(`only a refresh writes ${changed.startsWith('svc.mtquery.') ? changed : 'the gateway\'s own metadata (svc._dgw)'}; run-SQL may change stored tables (svc.table) only`);
      } else if (before) {
        const changed = forbiddenChange(before, await catalogSnapshot(conn));
        if (changed) throw notAllowed(`run-SQL may create and drop tables in svc.table only; this statement changed ${changed}`);
      }
      await conn.run('COMMIT');
      return reader;
    } catch (error) {
      await conn.run('ROLLBACK').catch(() => undefined);
      throw userSqlError(error);
    }
  }
}
