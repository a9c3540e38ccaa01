import { dirname } from 'node:path';
import type { DuckDBConnection, DuckDBPreparedStatement, DuckDBResult } from '@duckdb/node-api';
import { badRequest, conflict, duckMessage, HttpError, sqlError } from '../errors.js';
import { memoryLimitReached, planTooLarge, type GatewayLimits } from '../limits.js';
import { commit, interruptible } from '../request-scope.js';
import { prepareAsJudged, runAsJudged, runProfiled, type JudgedStatement } from './as-judged.js';
import { explainParts, rebuildExplain, type ExplainParts } from './explain-head.js';
import { catalogSnapshot, changedTable, forbiddenChange, goneTables, newTableNames, protectedCounts, protectedTarget } from './guard.js';
import type { StoredSchema } from '../sql.js';
import { tableNameProblem } from '../validate.js';
import { explainBlockedCall } from './instance.js';
import { fileReadOfText } from './file-reads.js';
import { planTouches, type PlanTouches } from './plan.js';
import { sqlCode } from '../../sql-code.js';
import { FILE_READS, notAllowed, refusal, withoutInternalNames, type ConnectedCatalogs, type Purpose } from './rules.js';

export { hardenInstance } from './instance.js';

/** Connections whose EXPLAIN prints the logical plan too, and the gateway's limits. */
export interface PlanConnections {
  withPlanner<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T>;
  readonly limits: GatewayLimits;
  /** The project's folder for files in transit, which SQL may not name. */
  readonly transferDir?: string;
  /** The catalogs of the project's connections, which SQL may read. */
  readonly connectedCatalogs?: ConnectedCatalogs;
  /** Called in a run-SQL statement's transaction, before it commits, for each stored or BI table it dropped or replaced; throwing rolls the statement back. */
  tableGoes(conn: DuckDBConnection, schema: StoredSchema, name: string): Promise<void>;
  /** Runs `fn` one at a time with the gateway's own changes, so a CREATE or DROP and a cache or `table rm` cannot each miss the other. */
  serialised<T>(fn: () => Promise<T>): Promise<T>;
}

// StatementType values of DuckDB's C API.
const KINDS: Record<number, Purpose | 'explain'> = { 1: 'select', 2: 'insert', 3: 'update', 4: 'explain', 5: 'delete', 7: 'create', 15: 'drop' };

const ALLOWED = 'only SELECT, EXPLAIN, INSERT, UPDATE, DELETE, and CREATE TABLE / DROP TABLE in svc.table or svc.bitable can be run';

/** A run-SQL statement's rows as DuckDB produces them; call `end` once, after the last chunk, a failure, or when the reader goes away. */
export interface StatementRows {
  result: DuckDBResult;
  /** DuckDB's streaming reader ends a failed result like a finished one: this throws when the statement failed. */
  verify(): Promise<void>;
  /** A failure of a fetch of these rows, in the words of the sandbox's answers. */
  failure(error: unknown): HttpError;
  end(): Promise<void>;
  /** The statement has ended (a write committed) and its rows are all in memory. */
  held?: true;
}

/** DuckDB's error about a user's SQL as a 400 SQL_ERROR or MEMORY_LIMIT, or a 409 when a concurrent change to the same rows won, naming nothing SQL may not reach. */
export function userSqlError(error: unknown, limits: GatewayLimits, sql?: string): HttpError {
  if (error instanceof HttpError) return error;
  const message = duckMessage(error);
  if (/write-write conflict|Conflict on (update|tuple deletion|append)/i.test(message)) return conflict(`another change to the same ${/Catalog/i.test(message) ? 'table' : 'rows'} won at the same moment (a write-write conflict); run it again`);
  const said = explainBlockedCall(message).replace(/^Failed to extract statements: /, '');
  return memoryLimitReached(message, limits) ?? sqlError(sql === undefined ? said : withoutInternalNames(said, sql));
}

/** Decides what a statement may touch from DuckDB's own bound plan, and runs run-SQL statements so that decision holds. */
export class Sandbox {
  constructor(private readonly planners: PlanConnections) {}

  /** What one statement reads and does, as DuckDB binds it now; a plan too large to run is refused here. */
  async touches(sql: string): Promise<PlanTouches> {
    this.refuseTransferPaths(sql);
    const touches = await this.planners.withPlanner(async (conn) => {
      const found = planTouches((await conn.runAndReadAll(`EXPLAIN (FORMAT JSON)\n${sql}`)).getRowObjectsJS());
      if (!found.nodes.some((n) => FILE_READS.has(n))) return found;
      const why = await fileReadOfText(conn, sql);
      if (why) throw notAllowed(why);
      return { ...found, nodes: found.nodes.filter((n) => !FILE_READS.has(n)) };
    });
    const tooLarge = planTooLarge(touches.tables.length + touches.nodes.length);
    if (tooLarge) throw tooLarge;
    return touches;
  }

  /** Judges a saved query's SQL: 400 beyond what SQL may read; DuckDB's binder message when it does not bind now. */
  async checkDefinition(sql: string): Promise<{ bindError?: string }> {
    let touches: PlanTouches;
    try {
      touches = await this.touches(sql);
    } catch (error) {
      // The gateway's own answers (a plan too large, a time limit, a cancelled request) are not binder messages.
      if (error instanceof HttpError) throw error;
      return { bindError: withoutInternalNames(explainBlockedCall(duckMessage(error)), sql) };
    }
    const why = refusal(touches, 'definition', this.planners.connectedCatalogs);
    if (why) throw notAllowed(why);
    return {};
  }

  /** Runs one run-SQL statement under the rules: a SELECT streams in a read-only transaction; anything else completes here. */
  async run(conn: DuckDBConnection, sql: string): Promise<StatementRows> {
    const kind = await this.preparedOne(conn, sql, kindOf);
    if (kind === 'explain') return this.runExplain(conn, sql);
    await this.judge(sql, kind);
    if (kind === 'select') return this.stream(conn, sql);
    return this.held(await this.execute(conn, sql, kind));
  }

  /** Builds a materialized result, checking what this run reads; a refusal rolls back the caller's transaction. */
  async materialize(conn: DuckDBConnection, sql: string): Promise<void> {
    await runProfiled(conn, sql, 'definition', this.planners.connectedCatalogs).catch((error: unknown) => {
      throw error instanceof HttpError ? error : (memoryLimitReached(duckMessage(error), this.planners.limits) ?? error);
    });
  }

  /** Writes an export of one judged binding in a read-only transaction, returning its rows; `signal` interrupts the COPY alone (an interrupted ROLLBACK leaves the transaction aborted). */
  async exportRows(conn: DuckDBConnection, copy: string, signal?: AbortSignal): Promise<number> {
    await conn.run('BEGIN TRANSACTION READ ONLY');
    try {
      const run = (execute: string) => interruptible(conn, async () => (await conn.run(execute)).rowsChanged, signal);
      return await runAsJudged(conn, copy, 'select', run, this.planners.connectedCatalogs);
    } catch (error) {
      throw error instanceof HttpError ? error : (memoryLimitReached(duckMessage(error), this.planners.limits) ?? error);
    } finally {
      await conn.run('ROLLBACK').catch(() => undefined);
    }
  }

  /** Judges a statement to be exported as CSV: its column names for an allowed SELECT, undefined for another kind. */
  async judgeRead(conn: DuckDBConnection, sql: string): Promise<string[] | undefined> {
    const columns = await this.preparedOne(conn, sql, (prepared) => (kindOf(prepared) === 'select' ? columnNames(prepared) : undefined));
    if (columns) await this.judge(sql, 'select');
    return columns;
  }

  private async preparedOne<T>(conn: DuckDBConnection, sql: string, read: (prepared: DuckDBPreparedStatement) => T): Promise<T> {
    this.refuseTransferPaths(sql);
    const extracted = await conn.extractStatements(sql).catch((error: unknown) => {
      throw userSqlError(error, this.planners.limits, sql);
    });
    if (extracted.count !== 1) throw badRequest(`run one statement at a time (got ${extracted.count}${/^\s*pivot\b/i.test(sqlCode(sql)) ? ': DuckDB runs a PIVOT without IN (...) as two; list the values, PIVOT ... ON column IN (...)' : ''})`);
    const prepared = await extracted.prepare(0).catch((error: unknown) => {
      throw userSqlError(error, this.planners.limits, sql);
    });
    try {
      return read(prepared);
    } finally {
      prepared.destroySync();
    }
  }

  /** EXPLAIN X is judged as X, and what runs is rebuilt around the judged X so odd options smuggle nothing in. */
  private async runExplain(conn: DuckDBConnection, sql: string): Promise<StatementRows> {
    const parts = explainParts(sql);
    if (!parts) throw notAllowed('this EXPLAIN could not be read: write EXPLAIN [ANALYZE] STATEMENT, or EXPLAIN (FORMAT json|text, ANALYZE) STATEMENT');
    const kind = await this.preparedOne(conn, parts.inner, kindOf);
    if (kind === 'explain') throw badRequest(`EXPLAIN: ${ALLOWED}`);
    await this.judge(parts.inner, kind);
    if (!parts.analyze) return this.held(await this.planOnly(conn, rebuildExplain(parts)));
    return this.held(await this.execute(conn, parts.inner, kind, parts));
  }

  /** DuckDB plans a write in a writing transaction, so a plain EXPLAIN runs in one that is always rolled back. */
  private async planOnly(conn: DuckDBConnection, explain: string): Promise<DuckDBResult> {
    await conn.run('BEGIN');
    try {
      return await conn.run(explain);
    } catch (error) {
      throw userSqlError(error, this.planners.limits, explain);
    } finally {
      await conn.run('ROLLBACK').catch(() => undefined);
    }
  }

  /** Streams a SELECT bound once more and checked as bound, holding its transaction and statement until `end`. */
  private async stream(conn: DuckDBConnection, sql: string): Promise<StatementRows> {
    let judged: JudgedStatement | undefined;
    let ended = false;
    const end = async () => {
      if (ended) return;
      ended = true;
      await conn.run('ROLLBACK').catch(() => undefined);
      await judged?.release();
    };
    try {
      await conn.run('BEGIN TRANSACTION READ ONLY');
      judged = await prepareAsJudged(conn, sql, 'select', this.planners.connectedCatalogs);
      const result = await conn.stream(judged.execute);
      const verify = async () => {
        try {
          await conn.run('SELECT 1');
        } catch (error) {
          const why = /transaction is aborted/i.test(duckMessage(error)) ? '' : `: ${duckMessage(error)}`;
          throw sqlError(`the statement failed after its first rows (an error while running it, such as a value that does not convert; DuckDB's streaming reader does not say which), so its result stops short there${why}`);
        }
      };
      return { result, verify, failure: (error) => userSqlError(error, this.planners.limits, sql), end };
    } catch (error) {
      await end();
      throw userSqlError(error, this.planners.limits, sql);
    }
  }

  /** The engine cannot reach the transfer folder anyway, but a path spelled out says plainly what is refused. */
  private refuseTransferPaths(sql: string): void {
    if (this.planners.transferDir === undefined) return;
    const root = dirname(dirname(this.planners.transferDir));
    if (sql.includes(root)) throw notAllowed(`the gateway's folder of files in transit (${root}) is out of reach of SQL`);
  }

  private async judge(sql: string, purpose: Purpose): Promise<void> {
    const touches = await this.touches(sql).catch((error: unknown) => {
      throw userSqlError(error, this.planners.limits, sql);
    });
    const why = refusal(touches, purpose, this.planners.connectedCatalogs);
    const target = why && purpose === 'update' ? await this.planners.withPlanner((conn) => protectedTarget(conn, sql)) : undefined;
    if (target) throw notAllowed(onlyRefreshWrites(target));
    if (why) throw notAllowed(why);
  }

  /** Runs a judged statement: reads in a rolled-back read-only transaction, writes committed only when nothing but stored tables changed. */
  private execute(conn: DuckDBConnection, sql: string, purpose: Purpose, explain?: ExplainParts): Promise<DuckDBResult> {
    const run = () => this.executeNow(conn, sql, purpose, explain);
    return purpose === 'create' || purpose === 'drop' ? this.planners.serialised(run) : run();
  }

  private async executeNow(conn: DuckDBConnection, sql: string, purpose: Purpose, explain?: ExplainParts): Promise<DuckDBResult> {
    await conn.run(purpose === 'select' ? 'BEGIN TRANSACTION READ ONLY' : 'BEGIN');
    try {
      const rows = purpose === 'insert' || purpose === 'delete';
      const target = rows ? await protectedTarget(conn, sql) : undefined;
      if (target) throw notAllowed(onlyRefreshWrites(target));
      const before = rows ? await protectedCounts(conn) : purpose === 'create' || purpose === 'drop' ? await catalogSnapshot(conn) : undefined;
      const result = await this.runBound(conn, sql, purpose, explain);
      if (before instanceof Map) {
        const changed = changedTable(before, await protectedCounts(conn));
        if (changed) throw notAllowed(onlyRefreshWrites(changed));
      } else if (before) {
        const after = await catalogSnapshot(conn);
        const changed = forbiddenChange(before, after);
        if (changed) throw notAllowed(`run-SQL may create and drop tables in svc.table and svc.bitable only; this statement changed ${changed}`);
        const misnamed = newTableNames(before, after).map(tableNameProblem).find((problem) => problem !== undefined);
        if (misnamed) throw notAllowed(misnamed);
        for (const [schema, name] of goneTables(before, after)) await this.planners.tableGoes(conn, schema, name);
      }
      await (purpose === 'select' ? conn.run('ROLLBACK') : commit(conn));
      return result;
    } catch (error) {
      await conn.run('ROLLBACK').catch(() => undefined);
      throw userSqlError(error, this.planners.limits, sql);
    }
  }

  /** CREATE TABLE cannot be prepared, so it runs once under EXPLAIN ANALYZE; a DROP reads nothing and runs as it is. */
  private async runBound(conn: DuckDBConnection, sql: string, purpose: Purpose, explain?: ExplainParts): Promise<DuckDBResult> {
    if (purpose === 'create') {
      const { profile, rows } = await runProfiled(conn, sql, purpose, this.planners.connectedCatalogs);
      if (explain) return conn.run("SELECT 'analyzed_plan' AS explain_key, $1::VARCHAR AS explain_value", [profile]);
      return conn.run(rows === undefined ? 'SELECT NULL::BIGINT AS "Count" WHERE false' : 'SELECT $1::BIGINT AS "Count"', rows === undefined ? [] : [rows]);
    }
    if (purpose === 'drop') return conn.run(explain ? rebuildExplain(explain) : sql);
    return runAsJudged(conn, sql, purpose, (execute) => conn.run(explain ? rebuildExplain({ ...explain, inner: execute }) : execute), this.planners.connectedCatalogs);
  }

  private held(result: DuckDBResult): StatementRows {
    return { result, verify: async () => undefined, failure: (error) => userSqlError(error, this.planners.limits), end: async () => undefined, held: true };
  }
}

function onlyRefreshWrites(table: string): string {
  return `only a refresh writes ${/^svc\.(mtquery|cache)\./.test(table) ? table : "the gateway's own metadata (svc._dgw)"}; run-SQL may change stored and BI tables (svc.table, svc.bitable) only`;
}

function kindOf(prepared: DuckDBPreparedStatement): Purpose | 'explain' {
  const kind = KINDS[prepared.statementType];
  if (kind === undefined) throw badRequest(ALLOWED);
  return kind;
}

function columnNames(prepared: DuckDBPreparedStatement): string[] {
  return Array.from({ length: prepared.columnCount }, (_, i) => prepared.columnName(i));
}
