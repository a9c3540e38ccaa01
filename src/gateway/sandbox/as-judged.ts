import type { DuckDBConnection } from '@duckdb/node-api';
import { planSources } from './plan.js';
import { notAllowed, sourceRefusal, type ConnectedCatalogs, type Purpose } from './rules.js';

// A binding can differ twice (`query()` may pick its argument by random()), so what runs is bound once more, judged as bound, and that binding runs.

const PREPARED = 'dgw_judged';

/** A statement prepared and checked as bound: `execute` runs that very binding; `release` lets it go. */
export interface JudgedStatement {
  /** The SQL that runs the prepared statement (`EXECUTE ...`), alone or inside an EXPLAIN. */
  execute: string;
  /** Deallocates the prepared statement once what it runs is done with. */
  release(): Promise<void>;
}

/** Prepares a statement and checks that binding's plan; run `execute` in the same transaction, where DuckDB does not rebind it. */
export async function prepareAsJudged(conn: DuckDBConnection, sql: string, purpose: Purpose, connected?: ConnectedCatalogs): Promise<JudgedStatement> {
  const prepare = `PREPARE ${PREPARED} AS\n${sql}\n`;
  // The statement was parsed as exactly one; wrapped, it must still be exactly one.
  if ((await conn.extractStatements(prepare)).count !== 1) throw notAllowed('this statement cannot be run as one statement');
  await conn.run(prepare);
  const release = () => conn.run(`DEALLOCATE ${PREPARED}`).then(
    () => undefined,
    () => undefined,
  );
  try {
    const rows = (await conn.runAndReadAll(`EXPLAIN (FORMAT JSON) EXECUTE ${PREPARED}`)).getRowObjectsJS();
    const physical = rows.find((r) => r.explain_key === 'physical_plan');
    if (!physical) throw new Error('EXPLAIN printed no physical plan');
    const why = sourceRefusal(planSources(JSON.parse(String(physical.explain_value))), purpose, connected);
    if (why) throw notAllowed(why);
    return { execute: `EXECUTE ${PREPARED}`, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Runs a SELECT, INSERT, UPDATE or DELETE as it is bound now, checked as bound (prepareAsJudged). */
export async function runAsJudged<T>(conn: DuckDBConnection, sql: string, purpose: Purpose, run: (execute: string) => Promise<T>, connected?: ConnectedCatalogs): Promise<T> {
  const judged = await prepareAsJudged(conn, sql, purpose, connected);
  try {
    return await run(judged.execute);
  } finally {
    await judged.release();
  }
}

/** Runs a CREATE TABLE, which DuckDB cannot prepare, under EXPLAIN ANALYZE and judges its profile after the fact: call it in a transaction rolled back on error. */
export async function runProfiled(conn: DuckDBConnection, sql: string, purpose: Purpose, connected?: ConnectedCatalogs): Promise<{ profile: string; rows: number | undefined }> {
  const rows = (await conn.runAndReadAll(`EXPLAIN (ANALYZE, FORMAT JSON)\n${sql}\n`)).getRowObjectsJS();
  const profile = String(rows.find((r) => r.explain_key === 'analyzed_plan')?.explain_value ?? '');
  if (!profile) throw new Error('EXPLAIN ANALYZE printed no profile');
  const parsed = JSON.parse(profile) as unknown;
  const why = sourceRefusal(planSources(parsed), purpose, connected);
  if (why) throw notAllowed(why);
  return { profile, rows: rowsCreated(parsed) };
}

function rowsCreated(node: unknown): number | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const n = node as { operator_type?: unknown; children?: unknown[] };
  if (typeof n.operator_type === 'string' && /CREATE_TABLE_AS$/.test(n.operator_type)) {
    const input = (n.children?.[0] ?? {}) as { operator_cardinality?: unknown };
    return typeof input.operator_cardinality === 'number' ? input.operator_cardinality : undefined;
  }
  for (const child of n.children ?? []) {
    const found = rowsCreated(child);
    if (found !== undefined) return found;
  }
  return undefined;
}
