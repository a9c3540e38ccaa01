import type { DuckDBConnection } from '@duckdb/node-api';
import { didYouMean } from '../../output/did-you-mean.js';
import { badRequest, conflict, HttpError, notFound } from '../errors.js';
import { newQueryId } from './ids.js';
import { rowsAs, type ProjectStore } from './store.js';

// Relations between columns of catalog tables (a foreign key the source does not declare), kept
// for the agent. Both ends are checked against the columns as they are when the relation is made.

/** One end of a relation: a column of a table of a catalog. */
export interface ColumnPlace {
  catalogId: string;
  schemaName: string;
  tableName: string;
  columnName: string;
}

/** A place's four names, in the order the tables that keep places store them. */
export const placeValues = (p: ColumnPlace) => [p.catalogId, p.schemaName, p.tableName, p.columnName];

export const samePlace = (a: ColumnPlace, b: ColumnPlace) => a.catalogId === b.catalogId && a.schemaName === b.schemaName && a.tableName === b.tableName && a.columnName === b.columnName;

/** A relation as stored: from a column to a target column, of a kind such as MANY_TO_ONE. */
export interface Relation extends ColumnPlace {
  id: string;
  target: ColumnPlace;
  type: string;
  createdAt: number;
}

export const RELATIONS_DDL =
  'CREATE TABLE IF NOT EXISTS svc._dgw.relations (id VARCHAR, catalog_id VARCHAR, schema_name VARCHAR, table_name VARCHAR, column_name VARCHAR, target_catalog_id VARCHAR, target_schema_name VARCHAR, target_table_name VARCHAR, target_column_name VARCHAR, type VARCHAR, created_at BIGINT)';

/** The kinds of relation a type names; given in any case, kept in upper case. */
export const RELATION_TYPES = ['ONE_TO_ONE', 'ONE_TO_MANY', 'MANY_TO_ONE', 'MANY_TO_MANY'];

async function readAll(conn: DuckDBConnection): Promise<Relation[]> {
  const target = `{'catalogId': target_catalog_id, 'schemaName': target_schema_name, 'tableName': target_table_name, 'columnName': target_column_name}`;
  return rowsAs<Relation>(conn, `SELECT id, catalog_id, schema_name, table_name, column_name, ${target} AS target, type, created_at FROM svc._dgw.relations ORDER BY created_at, id`);
}

/** The relations from the tables of a catalog (404 for a catalog the project does not have). */
export async function listRelations(s: ProjectStore, catalogId: string): Promise<Relation[]> {
  const { catalogPlace } = await import('./catalog-place.js');
  // The relations are the project's own rows: a connection whose source did not open still lists its own.
  catalogPlace(s, catalogId, false);
  return (await s.withConnection(readAll)).filter((r) => r.catalogId === catalogId);
}

export function relationType(given: unknown): string {
  if (typeof given !== 'string' || !RELATION_TYPES.includes(given.toUpperCase())) throw badRequest(`type must be one of ${RELATION_TYPES.join(', ')}`);
  return given.toUpperCase();
}

/** Adds a relation whose two columns exist; the same relation twice is 409. */
export async function addRelation(s: ProjectStore, from: ColumnPlace, target: ColumnPlace, type: string): Promise<Relation> {
  await checkColumn(s, from, 'the column');
  await checkColumn(s, target, 'the target column', true);
  return s.tx(async (conn) => {
    // Once more under the write lock: a table dropped since the checks above must not get a relation.
    await checkColumn(s, from, 'the column', false, conn);
    await checkColumn(s, target, 'the target column', true, conn);
    const all = await readAll(conn);
    if (all.some((r) => samePlace(r, from) && samePlace(r.target, target))) throw conflict(`${show(from)} is related to ${show(target)} already`);
    const relation: Relation = { ...from, id: newQueryId((id) => all.some((r) => r.id === id)), target, type, createdAt: s.now() };
    await conn.run('INSERT INTO svc._dgw.relations VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', [relation.id, ...placeValues(from), ...placeValues(target), type, relation.createdAt]);
    return relation;
  });
}

/** A relation of the table named in the path, or 404. */
async function find(s: ProjectStore, conn: DuckDBConnection, table: Omit<ColumnPlace, 'columnName'>, id: string): Promise<Relation> {
  const found = (await readAll(conn)).find((r) => r.id === id && r.catalogId === table.catalogId && r.schemaName === table.schemaName && r.tableName === table.tableName);
  if (!found) throw notFound(`table ${table.schemaName}.${table.tableName} of catalog ${table.catalogId} has no relation ${id} in project ${s.id}`);
  return found;
}

export function updateRelation(s: ProjectStore, table: Omit<ColumnPlace, 'columnName'>, id: string, type: string): Promise<Relation> {
  return s.tx(async (conn) => {
    const found = await find(s, conn, table, id);
    await conn.run('UPDATE svc._dgw.relations SET type = $2 WHERE id = $1', [id, type]);
    return { ...found, type };
  });
}

export function deleteRelation(s: ProjectStore, table: Omit<ColumnPlace, 'columnName'>, id: string): Promise<Relation> {
  return s.tx(async (conn) => {
    const found = await find(s, conn, table, id);
    await conn.run('DELETE FROM svc._dgw.relations WHERE id = $1', [id]);
    return found;
  });
}

async function checkColumn(s: ProjectStore, at: ColumnPlace, what: string, inBody = false, inTransaction?: DuckDBConnection): Promise<void> {
  const [{ browse, catalogPlace, catalogStays }, { columns }] = await Promise.all([import('./catalog-place.js'), import('./catalog-browse.js')]);
  const place = catalogPlace(s, at.catalogId);
  if (inTransaction) await catalogStays(s, at.catalogId, inTransaction);
  const read = (c: DuckDBConnection) => columns(c, place, at.schemaName, at.tableName);
  // The path names the column's table (404 when it is not there); the body names the target's, a bad request.
  const names = (
    await (inTransaction ? read(inTransaction) : browse(s, place, read)).catch((error: unknown) => {
      throw inBody && error instanceof HttpError && error.status === 404 ? badRequest(`${what}: ${error.message}`) : error;
    })
  ).map((c) => c.name);
  if (names.includes(at.columnName)) return;
  // No name close by (`id` for `customer_id`): the columns it has, when they are few enough to read.
  const near = didYouMean(at.columnName, names) || (names.length <= 12 ? `; its columns: ${names.join(', ')}` : '');
  throw badRequest(`${what}: ${at.schemaName}.${at.tableName} of catalog ${place.catalog.name} has no column ${at.columnName}${near}`);
}

const show = (p: ColumnPlace) => `${p.catalogId}.${p.schemaName}.${p.tableName}.${p.columnName}`;
