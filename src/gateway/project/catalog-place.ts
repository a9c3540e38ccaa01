import type { Catalog } from '../../api/types.js';
import { notFound } from '../errors.js';
import { BUILT_IN_CATALOGS } from '../routes/catalogs.js';
import { findCatalogConnection, notOpenedMessage } from './connections.js';
import type { ConnectionRow, ProjectDb } from './index.js';
import type { SemanticCatalogRow } from './semantic-catalogs.js';

/** Where a catalog lives in the project's DuckDB: its database and the schemas it shows. */
export interface CatalogPlace {
  catalog: Catalog;
  database: string;
  /** The schemas it shows; undefined for every schema of the database. */
  schemas?: string[];
}

const BUILT_IN_SCHEMAS: Record<string, string[]> = { '1': ['table', 'bitable'], '2': ['query'] };

export function connectedCatalog(c: ConnectionRow): Catalog {
  return { id: c.catalogId, name: c.catalogName, displayName: c.catalogDisplayName ?? c.name, catalogType: c.type, connectionId: c.id };
}

/** A semantic catalog as the catalog list shows it. */
export function semanticCatalog(row: SemanticCatalogRow): Catalog {
  return { id: row.id, name: row.name, displayName: row.name, catalogType: 'SEMANTIC', connectionId: null };
}

/** The built-in catalogs, then one per connection, then the semantic catalogs. */
export function allCatalogs(project: ProjectDb): Catalog[] {
  return [...BUILT_IN_CATALOGS, ...project.store.connections.map(connectedCatalog), ...project.store.semanticCatalogs.map(semanticCatalog)];
}

/** A catalog by id, or 404 naming it. */
export function catalogPlace(project: ProjectDb, catalogId: string): CatalogPlace {
  const builtIn = BUILT_IN_CATALOGS.find((c) => c.id === catalogId);
  if (builtIn) return { catalog: builtIn, database: 'svc', schemas: BUILT_IN_SCHEMAS[catalogId] };
  const semantic = project.store.semanticCatalogs.find((c) => c.id === catalogId);
  if (semantic) return { catalog: semanticCatalog(semantic), database: semantic.name };
  const connection = findCatalogConnection(project.store.connections, project.id, catalogId);
  const broken = project.store.brokenConnections.get(connection.id);
  if (broken) throw notFound(notOpenedMessage(connection, broken));
  return { catalog: connectedCatalog(connection), database: connection.catalogName };
}
