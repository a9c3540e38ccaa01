import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, HttpError, sqlError } from '../errors.js';
import { checkStatementSize } from '../limits.js';
import { trimStatement } from '../sql.js';
import { rows, type ProjectStore } from './store.js';
import type { SqlCheck } from './types.js';
import { withViews } from './views.js';
import { withBuiltInCatalog } from '../catalog-alias.js';
import { METADATA_OUT_OF_REACH, notAllowed, ONE_SELECT } from '../sandbox/rules.js';
import { sqlCode } from '../../sql-code.js';
import { sourceProblem } from './connections.js';

/** One SELECT, parsed as a CREATE VIEW body so nothing can ride along, that the sandbox allows; unbound SQL is refused or, with `storeUnbound`, reported. */
export async function checkSql(s: ProjectStore, text: string, storeUnbound: boolean, field = 'inputQuery'): Promise<SqlCheck> {
  const sql = nonEmptyStatement(text, field);
  // Judged as DuckDB will bind it; kept as it was sent.
  const bound = withBuiltInCatalog(sql);
  await s.withConnection(async (conn) => {
    let count: number;
    try {
      count = (await conn.extractStatements(`CREATE VIEW dgw_check AS\n${bound}\n`)).count;
    } catch {
      throw await explainParseError(conn, bound, field);
    }
    if (count !== 1) throw badRequest(`${field} must be a single SELECT statement`);
  });
  // Unbound SQL is stored unplanned: a read of the metadata would otherwise wait in it, and its errors name the metadata's columns.
  if (/(?<![\w$])_dgw\b/i.test(sqlCode(bound))) throw notAllowed(METADATA_OUT_OF_REACH);
  const { bindError } = await judgeDefinition(s, bound).catch((error: unknown) => {
    // The sandbox's refusal names the field of a query; a golden SQL's is `sql`.
    throw error instanceof HttpError && error.message === ONE_SELECT ? badRequest(`${field} must be a single SELECT statement`) : error;
  });
  if (bindError === undefined) return { sql };
  if (!storeUnbound) throw sourceProblem(s, sqlError(bindError));
  return { sql, bindError };
}

/** Thrown so that withViews may make a view the SQL lacks; a view that cannot be made (its query does not bind yet) leaves the SQL unbound too. */
class Unbound extends Error {}

async function judgeDefinition(s: ProjectStore, sql: string): Promise<{ bindError?: string }> {
  try {
    return await withViews(s, async () => {
      const judged = await s.sandbox.checkDefinition(sql);
      if (judged.bindError !== undefined) throw new Unbound(judged.bindError);
      return judged;
    });
  } catch (error) {
    if (error instanceof Unbound || (error instanceof HttpError && error.errorCode === 'SQL_ERROR')) return { bindError: error.message };
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

/** DuckDB reads SQL as a C string, so text after a NUL would be silently dropped: refuse it whole. */
export function refuseNul(text: string, field: string): void {
  const at = text.indexOf('\u0000');
  if (at >= 0) throw badRequest(`${field} contains a NUL character (U+0000) at position ${at}; SQL text cannot hold one`);
}

async function explainParseError(conn: DuckDBConnection, sql: string, field: string): Promise<HttpError> {
  try {
    const parsed = await rows(conn, 'SELECT json_serialize_sql($1::VARCHAR) AS j', [sql]);
    const json = JSON.parse(String(parsed[0].j)) as { error: boolean; error_type?: string; error_message?: string };
    if (json.error && json.error_type !== 'not implemented' && json.error_message) return sqlError(json.error_message);
  } catch {
    // Fall through to the general message.
  }
  return badRequest(`${field} must be a single SELECT statement`);
}
