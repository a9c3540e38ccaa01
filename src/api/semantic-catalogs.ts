import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import { readCatalog } from './catalogs.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { object, readAnswer, text } from './read.js';
import type { Catalog } from './types.js';

// Semantic catalogs (`/data/projects/{projectId}/semantic-catalogs`): catalogs whose tables are saved queries.

/** A table of a semantic catalog. */
export type SemanticTableRecord = Static<typeof R.SemanticTableRecord>;

const base = (projectId: string) => apiPath`/data/projects/${projectId}/semantic-catalogs`;

export async function createSemanticCatalog(http: Http, projectId: string, name: string): Promise<Catalog | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: base(projectId), body: { name }, expect: 'optional-json' }), readCatalog);
}

export async function addSemanticTable(http: Http, projectId: string, catalogId: string, input: { schemaName: string; tableName: string; queryId: string }): Promise<SemanticTableRecord | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/semantic-catalogs/${catalogId}`, body: input, expect: 'optional-json' }), (b: unknown) => readSemanticTable(b, catalogId));
}

export function deleteSemanticTable(http: Http, projectId: string, catalogId: string, tableId: string): Promise<unknown> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/semantic-catalogs/${catalogId}/table/${tableId}`, expect: 'optional-json' });
}

export function shareSemanticCatalog(http: Http, projectId: string, catalogId: string, target: string): Promise<unknown> {
  return http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/semantic-catalogs/${catalogId}/share`, body: { target }, expect: 'optional-json' });
}

export function readSemanticTable(value: unknown, catalogId = ''): SemanticTableRecord {
  const t = object(value, 'a semantic table');
  return { tableId: text(t.tableId), catalogId: text(t.catalogId, catalogId), catalogName: text(t.catalogName), schemaName: text(t.schemaName), tableName: text(t.tableName) };
}
