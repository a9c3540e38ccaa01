import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, HttpError, sqlError } from '../errors.js';
import { checkStatementSize } from '../limits.js';
import { trimStatement } from '../sql.js';
import { rows, type ProjectStore } from './store.js';
import type { SqlCheck } from './types.js';
import { withViews } from './views.js';

/**
 * Checks a query's SQL: it must be exactly one SELECT statement (else 400), parsed as the body of
 * a CREATE VIEW, the way it is stored, so nothing else can ride along; and the sandbox must allow
 * what it reads (else 400). SQL that does not bind now (a missing table or column) is refused with
 * DuckDB's message, or, with `storeUnbound`, reported in `bindError` to be stored anyway.
 */
export async function checkSql(s: ProjectStore, text: string, storeUnbound: boolean, field = 'inputQuery'): Promise<SqlCheck> {
  const sql = nonEmptyStatement(text, field);
  await s.withConnection(async (conn) => {
    let count: number;
    try {
      count = (await conn.extractStatements(`CREATE VIEW dgw_check AS\n${sql}\n`)).count;
    } catch {
      throw await explainParseError(conn, sql);
    }
    if (count !== 1) throw badRequest(`${field} must be a single SELECT statement`);
  });
  const { bindError } = await judgeDefinition(s, sql);
  if (bindError === undefined) return { sql };
  if (!storeUnbound) throw sqlError(bindError);
  return { sql, bindError };
}

/** SQL that did not bind, with DuckDB's message: thrown so that withViews may make a view it lacks. */
class Unbound extends Error {}

/** The sandbox's judgement of a query's SQL, the views of the saved queries it reads made first (views.ts). */
async function judgeDefinition(s: ProjectStore, sql: string): Promise<{ bindError?: string }> {
  try {
    return await withViews(s, async () => {
      const judged = await s.sandbox.checkDefinition(sql);
      if (judged.bindError !== undefined) throw new Unbound(judged.bindError);
      return judged;
    });
  } catch (error) {
    if (error instanceof Unbound) return { bindError: error.message };
    throw error;
  }
}

function nonEmptyStatement(text: string, field: string): string {
  const sql = trimStatement(text);
  if (sql.trim() === '') throw badRequest(`${field} must not be empty`);
  refuseNul(text, field);
  checkStatementSize(text, field);
  return sql;
}

/**
 * DuckDB reads SQL text as a C string, which ends at the first NUL byte: the rest would be
 * silently dropped. SQL holding one is refused whole rather than run cut short.
 */
export function refuseNul(text: string, field: string): void {
  const at = text.indexOf('\u0000');
  if (at >= 0) throw badRequest(`${field} contains a NUL character (U+0000) at position ${at}; SQL text cannot hold one`);
}

/** Why SQL that does not parse as one SELECT was refused, in DuckDB's words where they help. */
async function explainParseError(conn: DuckDBConnection, sql: string): Promise<HttpError> {
  try {
    const parsed = await rows(conn, 'SELECT json_serialize_sql($1::VARCHAR) AS j', [sql]);
    const json = JSON.parse(String(parsed[0].j)) as { error: boolean; error_type?: string; error_message?: string };
    if (json.error && json.error_type !== 'not implemented' && json.error_message) return sqlError(json.error_message);
  } catch {
    // Fall through to the general message.
  }
  return badRequest('inputQuery must be a single SELECT statement');
}
