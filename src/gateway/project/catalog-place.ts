import type { Catalog } from '../../api/types.js';
import { notFound } from '../errors.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import { BUILT_IN_CATALOGS, QUERY_CATALOG_ID } from '../routes/catalogs.js';
import { findCatalogConnection, notOpenedMessage, readConnections, type ConnectionRow } from './connections.js';
import { rows, type ProjectStore } from './store.js';
import type { SemanticCatalogRow } from './semantic-catalogs.js';

/** Where a catalog lives in the project's DuckDB: its database and the schemas it shows. */
export interface CatalogPlace {
  catalog: Catalog;
  database: string;
  /** The schemas it shows; undefined for every schema of the database. */
  schemas?: string[];
  /** The connection a connected catalog reads. */
  connection?: ConnectionRow;
}

const BUILT_IN_SCHEMAS: Record<string, string[]> = { '1': ['table', 'bitable'], '2': ['query', 'mtquery'] };

export function connectedCatalog(c: ConnectionRow): Catalog {
  return { id: c.catalogId, name: c.catalogName, displayName: c.catalogDisplayName ?? c.name, catalogType: c.type, connectionId: c.id };
}

/** A semantic catalog as the catalog list shows it. */
export function semanticCatalog(row: SemanticCatalogRow): Catalog {
  return { id: row.id, name: row.name, displayName: row.displayName ?? row.name, catalogType: 'SEMANTIC', connectionId: null };
}

/** The built-in catalogs, then one per connection, then the semantic catalogs. */
export function allCatalogs(project: ProjectStore): Catalog[] {
  return [...BUILT_IN_CATALOGS, ...project.connections.map(connectedCatalog), ...project.semanticCatalogs.map(semanticCatalog)];
}

/** A catalog by id, or 404 naming it (or naming why its connection did not open, unless `opened` is false: metadata kept of it still reads). */
export function catalogPlace(project: ProjectStore, catalogId: string, opened = true): CatalogPlace {
  const builtIn = BUILT_IN_CATALOGS.find((c) => c.id === catalogId);
  if (builtIn) return { catalog: builtIn, database: 'svc', schemas: BUILT_IN_SCHEMAS[catalogId] };
  const semantic = project.semanticCatalogs.find((c) => c.id === catalogId);
  if (semantic) return { catalog: semanticCatalog(semantic), database: semantic.name };
  const connection = findCatalogConnection(project, catalogId);
  const broken = project.brokenConnections.get(connection.id);
  if (broken && opened) throw notFound(notOpenedMessage(connection, broken));
  return { catalog: connectedCatalog(connection), database: connection.catalogName, connection };
}

/** Reads a catalog's place in DuckDB: the query catalog's views are made first, so it lists every saved query. */
export async function browse<T>(project: ProjectStore, place: { catalog: { id: string } }, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
  if (place.catalog.id === QUERY_CATALOG_ID) await (await import('./views.js')).makeMissingViews(project);
  return project.withConnection(fn);
}

/** In a change's transaction: 404 when the catalog was removed since the change checked it (its tables stay readable until the project lets go of them). */
export async function catalogStays(s: ProjectStore, catalogId: string, conn: DuckDBConnection): Promise<void> {
  const semantic = s.semanticCatalogs.some((c) => c.id === catalogId) && (await rows(conn, 'SELECT 1 FROM svc._dgw.semantic_catalogs WHERE id = $1', [catalogId])).length > 0;
  if (!semantic && !BUILT_IN_CATALOGS.some((b) => b.id === catalogId)) findCatalogConnection(s, catalogId, await readConnections(conn));
}
