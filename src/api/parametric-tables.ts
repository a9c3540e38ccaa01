import type { Http } from './http.js';
import { apiPath } from './path.js';
import { idOf, object, objects, readAnswer, text } from './read.js';
import type { ParametricTableRecord } from './types.js';

const parametric = (projectId: string, catalogId: string) => apiPath`/data/projects/${projectId}/catalogs/${catalogId}/parametricTables`;

export async function listParametricTables(http: Http, projectId: string, catalogId: string): Promise<ParametricTableRecord[]> {
  return objects(await http.request({ method: 'GET', path: parametric(projectId, catalogId) }), 'parametric tables').map(readParametricTable);
}

export async function createParametricTable(http: Http, projectId: string, catalogId: string, table: ParametricTableRecord): Promise<ParametricTableRecord | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: parametric(projectId, catalogId), body: table, expect: 'optional-json' }), readParametricTable);
}

export function deleteParametricTable(http: Http, projectId: string, catalogId: string, toSchema: string, toTable: string): Promise<void> {
  return http.request({ method: 'DELETE', path: parametric(projectId, catalogId), query: { toSchema, toTable }, expect: 'none' });
}

export function readParametricTable(value: unknown): ParametricTableRecord {
  const t = object(value, 'a parametric table');
  const params = Array.isArray(t.paramValues) ? t.paramValues : [];
  return {
    fromSchema: text(t.fromSchema),
    fromTable: text(t.fromTable),
    toSchema: text(t.toSchema),
    toTable: idOf(t, 'a parametric table', 'toTable'),
    paramValues: params.map((p) => object(p, 'a parameter')).map((p) => ({ key: text(p.key), value: p.value ?? null })),
  };
}
