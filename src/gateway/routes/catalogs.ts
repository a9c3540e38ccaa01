import type { DuckDBConnection } from '@duckdb/node-api';
import { Routes, type RouteContext } from '../router.js';
import type { Catalog } from '../../api/types.js';
import { badRequest, notImplemented, userSql } from '../errors.js';
import { checkName, isObject, jsonObject, optString, reqString } from '../validate.js';
import { checkChange, connectionChanges, reopened } from './project-connections.js';
import { cachedTables, isTableCached } from '../project/cache-rows.js';
import { deleteConnectionRow, findCatalogConnection, sourceProblem } from '../project/connections.js';
import type { ParametricRow } from '../project/index.js';
import { refuseNul } from '../project/check.js';

/** The built-in catalogs, both `svc`, with the hosted service's fixed ids: `"1"` tables, `"2"` queries. */
export const BUILT_IN_CATALOGS: readonly Catalog[] = [
  { id: '1', name: 'svc', displayName: 'Stored tables', catalogType: 'internal', connectionId: null },
  { id: '2', name: 'svc', displayName: 'Queries', catalogType: 'query', connectionId: null },
];

/** The id of the built-in catalog that holds stored tables. */
export const INTERNAL_CATALOG_ID = '1';

/** The id of the built-in catalog whose tables are the saved plain queries. */
export const QUERY_CATALOG_ID = '2';

/** Loaded with the first browsing request, so `catalog list` loads no more than before. */
const browsing = () => Promise.all([import('../project/catalog-place.js'), import('../project/catalog-browse.js')]);
const parametric = () => import('../project/parametric-tables.js');

/** The catalog the path names (404 when missing), the browsing functions, and `read`, which runs `fn` where the catalog is seen whole. */
async function catalogAt(c: RouteContext) {
  const [{ browse, catalogPlace }, b] = await browsing();
  const place = catalogPlace(c.get('project'), c.req.param('catalogId'));
  return { place, b, read: <T>(fn: (conn: DuckDBConnection) => Promise<T>) => browse(c.get('project'), place, fn) };
}

/** A table's place from the path, with the catalog resolved (404 naming what is missing). */
const tableAt = async (c: RouteContext) => ({ ...(await catalogAt(c)), schema: c.req.param('schemaName'), table: c.req.param('tableName') });

export function catalogRoutes(): Routes {
  const table = '/:catalogId/schemas/:schemaName/tables/:tableName';
  return new Routes()
    .get('/', async (c) => {
      if (c.get('project').connections.length === 0 && c.get('project').semanticCatalogs.length === 0) return c.json(BUILT_IN_CATALOGS);
      const [{ allCatalogs }] = await browsing();
      return c.json(allCatalogs(c.get('project')));
    })
    .post('/', async (c) => {
      const body = await jsonObject(c);
      const name = checkName(reqString(body, 'name'), 'name');
      const connectionId = reqString(body, 'connectionId');
      const extra = body.extraParameters;
      if (extra !== undefined && extra !== null && (!isObject(extra) || Object.keys(extra).length > 0)) {
        throw badRequest('extraParameters: the connection types of the local gateway take none');
      }
      // Naming a catalog reads no new file, so a project key may, as the document allows.
      const [{ connectedCatalog }] = await browsing();
      return c.json(connectedCatalog(await reopened(c, async () => (await connectionChanges()).nameCatalog(c.get('project'), connectionId, name))));
    })
    .get('/:catalogId', async (c) => c.json((await catalogAt(c)).place.catalog))
    .delete('/:catalogId', async (c) => {
      const id = c.req.param('catalogId');
      if (BUILT_IN_CATALOGS.some((b) => b.id === id)) throw badRequest(`catalog ${id} is built in (the project's own tables and queries): it cannot be deleted`);
      if (c.get('project').semanticCatalogs.some((s) => s.id === id)) {
        checkChange(c);
        await (await import('../project/semantic-catalogs.js')).deleteSemanticCatalog(c.get('project'), id);
        return c.body(null, 200);
      }
      // Found among the connections, not by browsing: a catalog whose file is gone can be deleted too.
      const connection = findCatalogConnection(c.get('project'), id);
      checkChange(c);
      // One catalog per connection here: deleting it disconnects the source, as the document says, so the connection goes too.
      await reopened(c, async () => (await connectionChanges()).deleteConnection(c.get('project'), connection.id));
      return c.body(null, 200);
    })
    .post('/:catalogId/share', async (c) => {
      checkChange(c);
      const target = reqString(await jsonObject(c), 'targetProjectId');
      const id = c.req.param('catalogId');
      const project = c.get('project');
      if (BUILT_IN_CATALOGS.some((b) => b.id === id)) throw badRequest(`catalog ${id} is built in: every project has its own`);
      if (project.semanticCatalogs.some((s) => s.id === id)) throw notImplemented('shareCatalog', "another project's SQL cannot read this project's saved queries: each local project is a database of its own");
      const connection = findCatalogConnection(project, id);
      if (target === project.id) throw badRequest(`catalog ${connection.catalogName} is in project ${target} already`);
      const gateway = c.get('gateway');
      const other = await gateway.project(target, { create: false });
      if (other.file === undefined) throw badRequest(`project ${target} is held in memory and cannot attach connections`);
      // Here a share is a copy of the connection in the other project: the same files, read-only, under the same names.
      const changes = await connectionChanges();
      const made = await changes.createConnection(other, { name: connection.name, type: connection.type, credential: connection.config });
      // A renamed connection's name no longer gives its catalog's name, which SQL reads it by.
      const name = connection.catalogDisplayName ?? (made.catalogName === connection.catalogName ? null : connection.catalogName);
      const named = name === null ? made : await changes.nameCatalog(other, made.id, name).catch(async (error: unknown) => {
        // The name is taken there: the connection just made goes too, so a refused share leaves nothing behind.
        await other.tx((conn) => deleteConnectionRow(conn, made.id));
        throw error;
      });
      await gateway.reopen(target);
      return c.json({ sharedCatalogId: named.catalogId });
    })
    .get('/:catalogId/parametricTables', async (c) => c.json((await (await parametric()).listParametricTables(c.get('project'), c.req.param('catalogId'))).map(parametricShown)))
    .post('/:catalogId/parametricTables', async (c) => {
      // A parametric table is a view over files already connected: a project key may make one, as the document allows.
      const input = parametricInput(await jsonObject(c));
      return c.json(parametricShown(await reopened(c, async () => (await parametric()).createParametricTable(c.get('project'), c.req.param('catalogId'), input))));
    })
    .delete('/:catalogId/parametricTables', async (c) => {
      const toSchema = c.req.query('toSchema');
      const toTable = c.req.query('toTable');
      if (!toSchema || !toTable) throw badRequest('name the parametric table to delete with the query parameters toSchema and toTable');
      await reopened(c, async () => (await parametric()).deleteParametricTable(c.get('project'), c.req.param('catalogId'), toSchema, toTable));
      return c.body(null, 204);
    })
    .get('/:catalogId/schemas', async (c) => {
      const { place, b, read } = await catalogAt(c);
      const names = await read((conn) => b.schemaNames(conn, place));
      return c.json(names.map((schemaName) => ({ catalogId: place.catalog.id, catalogName: place.catalog.name, schemaName })));
    })
    .get('/:catalogId/schemas/:schemaName/tables', async (c) => {
      const { place, b, read } = await catalogAt(c);
      const schemaName = c.req.param('schemaName');
      const names = await read((conn) => b.listedTables(conn, place, schemaName));
      const isCached = await cachedTables(c.get('project'), place.catalog.id, schemaName);
      return c.json(names.map((tableName) => ({ catalogId: place.catalog.id, catalogName: place.catalog.name, schemaName, tableName, ...cacheability(place.catalog, isCached(tableName)), isDynamicTable: false })));
    })
    .get(`${table}/columns`, async (c) => {
      const { place, schema, table: name, b, read } = await tableAt(c);
      const cols = await userSql(() => read((conn) => b.readableColumns(conn, place, schema, name))).catch((error: unknown) => {
        throw sourceProblem(c.get('project'), error);
      });
      return c.json(cols.map((col) => ({ name: col.name, dataType: col.dataType.toLowerCase(), displayName: col.name, defaultValue: null, isNotNull: col.isNotNull, isUnique: false, ...(col.comment ? { desc: col.comment } : {}) })));
    })
    .get(`${table}/isCached`, async (c) => {
      const { place, schema, table: name, b, read } = await tableAt(c);
      await read((conn) => b.columns(conn, place, schema, name));
      return c.json(cacheability(place.catalog, await isTableCached(c.get('project'), place.catalog.id, schema, name)));
    })
    .get(`${table}/statistics`, async (c) => {
      const { place, schema, table: name, b, read } = await tableAt(c);
      // Statistics read every row: a value the source's file cannot give (a CSV line that does not convert) is the source's fault, not the gateway's.
      const stats = await userSql(() => read((conn) => b.statistics(conn, place, schema, name))).catch((error: unknown) => {
        throw sourceProblem(c.get('project'), error);
      });
      const hosted = c.get('present').shape === 'hosted';
      // The document's distinctFraction, as its example shows it: minus the share of distinct values (-1: all distinct; 0 for an empty table).
      const columnStatistics = stats.columns.map((s) => ({
        columnName: s.columnName,
        distinctFraction: stats.rowCount === 0 ? 0 : -s.distinctCount / stats.rowCount,
        ...(hosted ? {} : { nullCount: s.nullCount, distinctCount: s.distinctCount, min: s.min, max: s.max }),
      }));
      return c.json({ catalogId: place.catalog.id, schemaName: schema, tableName: name, ...(hosted ? {} : { rowCount: stats.rowCount }), columnStatistics });
    });
}

/** Catalog search (`POST .../search`): a lexical match of names, paged as the document's SearchResult. */
export function searchRoutes(): Routes {
  return new Routes().post('/', async (c) => {
    const body = await jsonObject(c);
    const count = (field: string, fallback: number) => {
      const v = body[field];
      if (v === undefined || v === null) return fallback;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw badRequest(`${field} must be a whole number`);
      return v;
    };
    const input = { query: reqString(body, 'query'), catalog: optString(body, 'catalog'), schema: optString(body, 'schema'), limit: count('limit', 100) || 100, offset: count('offset', 0) };
    const { searchCatalogs } = await import('../project/catalog-search.js');
    const r = await searchCatalogs(c.get('project'), input);
    return c.json({ matchedCatalogs: r.catalogs, matchedSchemas: r.schemas, matchedTables: r.tables, meta: { page: { limit: input.limit, offset: input.offset, nextOffset: r.nextOffset }, query: { text: input.query, ...(r.unsearched.length > 0 && { unsearched: r.unsearched }) } } });
  });
}

/** A table the gateway reads can be cached, fully or by a column's last value; a semantic catalog's is a view of a saved query, whose own cache is the one to make. */
function cacheability(catalog: Catalog, isCached: boolean) {
  if (catalog.catalogType === 'SEMANTIC') return { isCached, isCacheable: false, supportedCacheTypes: [] };
  return { isCached, isCacheable: true, supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'] };
}

/** The document's ParametricTable. */
const parametricShown = (p: ParametricRow) => ({ fromSchema: p.fromSchema, fromTable: p.fromTable, toSchema: p.toSchema, toTable: p.toTable, paramValues: p.paramValues });

/** A ParametricTable body, checked: names as SQL names are, keys given once, values JSON scalars. */
function parametricInput(body: Record<string, unknown>): Omit<ParametricRow, 'catalogId' | 'createdAt'> {
  const name = (field: string) => checkName(reqString(body, field), field, 128);
  const list = body.paramValues ?? [];
  if (!Array.isArray(list)) throw badRequest('paramValues must be an array of {key, value}');
  const seen = new Set<string>();
  const paramValues = list.map((item: unknown, i) => {
    if (!isObject(item)) throw badRequest(`paramValues[${i}] must be an object {key, value}`);
    const { key, value } = item;
    if (typeof key !== 'string' || key === '') throw badRequest(`paramValues[${i}].key must be a column name`);
    checkName(key, `paramValues[${i}].key`, 128);
    if (seen.has(key.toLowerCase())) throw badRequest(`paramValues: ${key} is given twice`);
    seen.add(key.toLowerCase());
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) throw badRequest(`paramValues: the value of ${key} must be a string, a number, true, false or null`);
    // The value goes into the view's DDL, which takes no parameters: a NUL would cut it short.
    if (typeof value === 'string') refuseNul(value, `paramValues: the value of ${key}`);
    return { key, value: value ?? null };
  });
  return { fromSchema: name('fromSchema'), fromTable: name('fromTable'), toSchema: name('toSchema'), toTable: name('toTable'), paramValues };
}
