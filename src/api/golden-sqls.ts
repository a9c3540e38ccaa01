import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { listIn, object, recordIn, text, textOrNull } from './read.js';

// Golden SQLs (`/metadata/{projectId}/golden-sqls`): the document types every answer as an open object, so a list is read as `listIn` reads one.

/** A golden SQL: a question and the SQL that answers it; `score` only in search results. */
export type GoldenSqlRecord = Static<typeof R.GoldenSqlRecord>;

const base = (projectId: string) => apiPath`/metadata/${projectId}`;

export async function listGoldenSqls(http: Http, projectId: string): Promise<GoldenSqlRecord[]> {
  return listIn(await http.request({ method: 'GET', path: `${base(projectId)}/golden-sqls` }), 'golden SQLs').map(readGoldenSql);
}

export async function addGoldenSql(http: Http, projectId: string, prompt: string, sql: string): Promise<GoldenSqlRecord | undefined> {
  const body = await http.request({ method: 'POST', path: `${base(projectId)}/golden-sqls`, body: { prompt, sql }, expect: 'optional-json' });
  const record = recordIn(body, 'a golden SQL');
  return record && readGoldenSql(record);
}

export function deleteGoldenSql(http: Http, projectId: string, id: string): Promise<unknown> {
  return http.request({ method: 'DELETE', path: `${base(projectId)}/golden-sqls/${encodeURIComponent(id)}`, expect: 'optional-json' });
}

export async function searchGoldenSqls(http: Http, projectId: string, q: string): Promise<GoldenSqlRecord[]> {
  return listIn(await http.request({ method: 'GET', path: `${base(projectId)}/golden-sql/query`, query: { q } }), 'golden SQLs').map(readGoldenSql);
}

export function readGoldenSql(value: unknown): GoldenSqlRecord {
  const g = object(value, 'a golden SQL');
  return { id: text(g.id), prompt: text(g.prompt), sql: text(g.sql), createdAt: textOrNull(g.createdAt), score: typeof g.score === 'number' ? g.score : null };
}
