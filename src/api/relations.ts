import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import type { TablePlace } from './catalogs.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { listIn, object, recordIn, text, textOrNull } from './read.js';

// Relations between columns (`/metadata/{projectId}/relations/...`): the document types the answers as open objects, so a list is read as `listIn` reads one.

/** A relation from a column of a catalog's table to a target column. */
export type RelationRecord = Static<typeof R.RelationRecord>;

/** Where a column is: catalog id, schema, table and column. */
export type ColumnAt = TablePlace & { column: string };

export async function listRelations(http: Http, projectId: string, catalogId: string): Promise<RelationRecord[]> {
  return listIn(await http.request({ method: 'GET', path: apiPath`/metadata/${projectId}/relations/${catalogId}` }), 'relations').map(readRelation);
}

export async function addRelation(http: Http, projectId: string, from: ColumnAt, target: ColumnAt, type: string): Promise<RelationRecord | undefined> {
  const body = await http.request({
    method: 'POST',
    path: apiPath`/metadata/${projectId}/relations/${from.catalogId}/${from.schema}/${from.table}/${from.column}`,
    body: { targetCatalogId: target.catalogId, targetSchemaName: target.schema, targetTableName: target.table, targetColumnName: target.column, type },
    expect: 'optional-json',
  });
  const record = recordIn(body, 'a relation');
  return record && readRelation(record);
}

export async function updateRelation(http: Http, projectId: string, r: Pick<RelationRecord, 'id' | 'catalogId' | 'schemaName' | 'tableName'>, type: string): Promise<RelationRecord | undefined> {
  const body = await http.request({ method: 'PUT', path: apiPath`/metadata/${projectId}/relations/${r.catalogId}/${r.schemaName}/${r.tableName}/${r.id}`, body: { type }, expect: 'optional-json' });
  const record = recordIn(body, 'a relation');
  return record && readRelation(record);
}

export function deleteRelation(http: Http, projectId: string, r: Pick<RelationRecord, 'id' | 'catalogId' | 'schemaName' | 'tableName'>): Promise<unknown> {
  return http.request({ method: 'DELETE', path: apiPath`/metadata/${projectId}/relations/${r.catalogId}/${r.schemaName}/${r.tableName}/${r.id}`, expect: 'optional-json' });
}

export function readRelation(value: unknown): RelationRecord {
  const r = object(value, 'a relation');
  return {
    id: text(r.id),
    catalogId: text(r.catalogId),
    schemaName: text(r.schemaName),
    tableName: text(r.tableName),
    columnName: text(r.columnName),
    targetCatalogId: text(r.targetCatalogId),
    targetSchemaName: text(r.targetSchemaName),
    targetTableName: text(r.targetTableName),
    targetColumnName: text(r.targetColumnName),
    type: text(r.type),
    createdAt: textOrNull(r.createdAt),
  };
}
