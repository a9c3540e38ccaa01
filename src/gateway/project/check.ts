import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, duckMessage, HttpError, sqlError } from '../errors.js';
import { trimStatement } from '../sql.js';
import { rows, type ProjectStore } from './store.js';
import type { SqlCheck } from './types.js';

/**
 * Checks a query's SQL: it must be exactly one SELECT statement (else 400). Parsed as the body
 * of a CREATE VIEW, the way it is stored, so nothing else can ride along. With `bind`, it is
 * also bound, and a missing table or column is reported in `bindError` rather than thrown.
 */
export async function checkSql(s: ProjectStore, text: string, bind: boolean): Promise<SqlCheck> {
  const sql = nonEmptyStatement(text);
  return s.withConnection(async (conn) => {
    let count: number;
    try {
      count = (await conn.extractStatements(`CREATE VIEW dgw_check AS\n${sql}\n`)).count;
    } catch {
      throw await explainParseError(conn, sql);
    }
    if (count !== 1) throw badRequest('inputQuery must be a single SELECT statement');
    if (!bind) return { sql };
    try {
      (await conn.prepare(sql)).destroySync();
      return { sql };
    } catch (error) {
      return { sql, bindError: duckMessage(error) };
    }
  });
}

/**
 * checkSql without its round trip to DuckDB, where the DDL that stores the query can check instead:
 * DuckDB separates statements only at `;`, so SQL without one is a single statement, and the
 * DDL's own parse refuses one that is not a SELECT. Undefined when the full check is needed.
 */
export function deferredCheck(text: string): SqlCheck | undefined {
  const sql = nonEmptyStatement(text);
  return sql.includes(';') ? undefined : { sql };
}

function nonEmptyStatement(text: string): string {
  const sql = trimStatement(text);
  if (sql.trim() === '') throw badRequest('inputQuery must not be empty');
  return sql;
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
