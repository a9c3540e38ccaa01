import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, notFound } from '../errors.js';
import { hasControlCharacter } from '../../api/names.js';
import { checkSql } from './check.js';
import { newQueryId } from './ids.js';
import { rowsAs, type ProjectStore } from './store.js';
import { MAX_GOLDEN_TEXT } from '../../api/local-limits.js';

// Golden SQLs: a question and the SQL that answers it, kept so the hosted agent learns from them.
// No model runs locally, so their search is a lexical ranking of the words of the question and SQL.

/** A golden SQL as stored. */
export interface GoldenSql {
  id: string;
  prompt: string;
  sql: string;
  createdAt: number;
}

/** A golden SQL found by a search, with its score (higher: more of the words matched, in the question counting twice). */
export interface GoldenSqlMatch extends GoldenSql {
  score: number;
}

export const GOLDEN_SQL_DDL = 'CREATE TABLE IF NOT EXISTS svc._dgw.golden_sqls (id VARCHAR, prompt VARCHAR, sql VARCHAR, created_at BIGINT)';


async function readAll(conn: DuckDBConnection): Promise<GoldenSql[]> {
  return rowsAs<GoldenSql>(conn, 'SELECT * FROM svc._dgw.golden_sqls ORDER BY created_at, id');
}

export function listGoldenSqls(s: ProjectStore): Promise<GoldenSql[]> {
  return s.withConnection(readAll);
}

/** Stores a golden SQL whose SQL is a SELECT the project can run (checked as a saved query's is). */
export async function addGoldenSql(s: ProjectStore, prompt: string, sqlText: string): Promise<GoldenSql> {
  for (const [field, value] of [['prompt', prompt], ['sql', sqlText]] as const) {
    if (value.trim() === '') throw badRequest(`${field} must not be empty`);
    if (value.length > MAX_GOLDEN_TEXT) throw badRequest(`${field} is longer than ${MAX_GOLDEN_TEXT} characters`);
  }
  // A question is one line of text, as a name is; control characters in it would reach every terminal that lists it.
  if (hasControlCharacter(prompt)) throw badRequest('prompt contains a control character; a question is plain text');
  const { sql } = await checkSql(s, sqlText, false, 'sql');
  return s.tx(async (conn) => {
    const taken = new Set((await readAll(conn)).map((g) => g.id));
    const golden: GoldenSql = { id: newQueryId((id) => taken.has(id)), prompt, sql, createdAt: s.now() };
    await conn.run('INSERT INTO svc._dgw.golden_sqls VALUES ($1, $2, $3, $4)', [golden.id, golden.prompt, golden.sql, golden.createdAt]);
    return golden;
  });
}

export async function deleteGoldenSql(s: ProjectStore, id: string): Promise<GoldenSql> {
  return s.tx(async (conn) => {
    const found = (await readAll(conn)).find((g) => g.id === id);
    if (!found) throw notFound(`project ${s.id} has no golden SQL ${id}`);
    await conn.run('DELETE FROM svc._dgw.golden_sqls WHERE id = $1', [id]);
    return found;
  });
}

/** The golden SQLs sharing words with `q`, best first (ties: the newer first); at most `limit`. */
export async function searchGoldenSqls(s: ProjectStore, q: string, limit = 10): Promise<GoldenSqlMatch[]> {
  const terms = [...new Set(words(q))];
  if (terms.length === 0) throw badRequest('q must hold at least one word to search for');
  const scored = (await listGoldenSqls(s)).map((g) => {
    const prompt = new Set(words(g.prompt));
    const sql = new Set(words(g.sql));
    const score = terms.reduce((sum, t) => sum + (prompt.has(t) ? 2 : 0) + (sql.has(t) ? 1 : 0), 0);
    return { ...g, score };
  });
  return scored
    .filter((g) => g.score > 0)
    .sort((a, b) => b.score - a.score || b.createdAt - a.createdAt)
    .slice(0, limit);
}

/** Lower-case words of letters and digits in any script (`customer_id` is two); a plural `s` is dropped so "orders" finds "order". */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}
