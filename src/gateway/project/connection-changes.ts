import { randomUUID } from 'node:crypto';
import { deriveQueryName } from '../../api/names.js';
import { badRequest, conflict } from '../errors.js';
import { readCaches } from './cache-rows.js';
import { attachConnection, catalogNameFor, dataFolderOf, findConnection, deleteConnectionRow, insertConnection, localConfig, newCatalogId, readConnections, updateConnectionRow, type ConnectionRow } from './connections.js';
import { deleteParametricRows } from './parametric-tables.js';
import type { ProjectStore } from './store.js';
import { forgetCatalog } from './table-references.js';

/** What a create or update asks for, as the document's ConnectionRequest has it. */
export interface ConnectionInput {
  name: string;
  type: string;
  credential: Record<string, unknown>;
}

/** Stores a connection once its database opens read-only; the caller reopens the project so it is attached. */
export async function createConnection(s: ProjectStore, input: ConnectionInput): Promise<ConnectionRow> {
  const config = localConfig(input.type, input.credential);
  await checkOpens(s, input.type.toLowerCase(), config);
  return s.tx(async (conn) => {
    const all = await readConnections(conn);
    if (all.some((c) => c.name === input.name)) throw conflict(`a connection named ${input.name} exists already`);
    // A renamed connection keeps its catalog's name: the refusal names the connection that has it now.
    const holder = all.find((c) => c.catalogName.toLowerCase() === deriveQueryName(input.name));
    if (holder) throw conflict(`a catalog named ${holder.catalogName} exists already: connection ${JSON.stringify(holder.name)} has it; choose another connection name`);
    const catalogName = catalogNameFor(input.name, [...all.map((c) => c.catalogName), ...s.semanticCatalogs.map((c) => c.name)]);
    const catalogId = newCatalogId(new Set(all.map((c) => c.catalogId)));
    const row: ConnectionRow = { id: randomUUID(), name: input.name, type: input.type.toLowerCase(), catalogId, catalogName, catalogDisplayName: null, config, createdAt: s.now() };
    await insertConnection(conn, row);
    return row;
  });
}

/** Renames a connection or points it at another file; its catalog keeps its name, so SQL that reads it still does. */
export async function updateConnection(s: ProjectStore, id: string, input: Partial<ConnectionInput>): Promise<ConnectionRow> {
  const before = findConnection(s, id);
  if (input.type !== undefined && input.type.toLowerCase() !== before.type) throw badRequest(`a connection's type cannot change (${before.type}); make a new connection`);
  const config = input.credential === undefined ? before.config : localConfig(before.type, input.credential);
  if (config.path !== before.config.path) await checkOpens(s, before.type, config);
  return s.tx(async (conn) => {
    const all = await readConnections(conn);
    if (input.name !== undefined && all.some((c) => c.id !== id && c.name === input.name)) throw conflict(`a connection named ${input.name} exists already`);
    // As stored now, not as opened: a catalog named meanwhile keeps its name. Another path is another set of files, named afresh at the next open.
    const now = findConnection(s, id, all);
    const kept = input.credential === undefined ? now.config : config;
    const next: ConnectionRow = { ...now, name: input.name ?? now.name, config: kept, tables: kept.path === now.config.path ? now.tables : {} };
    await updateConnectionRow(conn, next);
    return next;
  });
}

/** Create Catalog: names the catalog the local gateway made with the connection (SQL reads it by the new name); a catalog already named is 409. */
export async function nameCatalog(s: ProjectStore, connectionId: string, name: string): Promise<ConnectionRow> {
  return s.tx(async (conn) => {
    // Read from the database, not the connections attached at open: a share names the catalog of a connection just made.
    const all = await readConnections(conn);
    const before = all.find((c) => c.id === connectionId);
    if (!before) throw badRequest(`connectionId ${connectionId}: no such connection in project ${s.id} (\`dgw connection list\` shows them)`);
    if (before.catalogDisplayName !== null) {
      throw conflict(`connection ${before.name} has its catalog already, ${before.catalogName}: the local gateway makes one catalog per connection (the hosted service can make more)`);
    }
    const others = all.filter((c) => c.id !== connectionId);
    const catalogName = catalogNameFor(name, others.map((c) => c.catalogName), 'catalog name');
    const next: ConnectionRow = { ...before, catalogName, catalogDisplayName: name };
    await updateConnectionRow(conn, next);
    return next;
  });
}

/** Removes a connection and its catalog; refused while a cache copies one of its tables. */
export async function deleteConnection(s: ProjectStore, id: string): Promise<ConnectionRow> {
  const row = findConnection(s, id);
  return s.tx(async (conn) => {
    const caches = (await readCaches(conn)).filter((c) => c.catalogId === row.catalogId);
    if (caches.length > 0) {
      const ids = caches.map((c) => c.id).join(' ');
      throw conflict(`caches of catalog ${row.catalogName} exist (${ids}): remove them first with \`dgw cache rm ID\` (\`dgw cache list --catalog ${row.catalogName}\` lists them)`);
    }
    await deleteConnectionRow(conn, id);
    await deleteParametricRows(conn, row.catalogId);
    await forgetCatalog(conn, row.catalogId);
    return row;
  });
}

/** A connection DuckDB cannot read (no such file, not a database, no file of the type) is refused before anything is stored. */
async function checkOpens(s: ProjectStore, type: string, config: Record<string, string>): Promise<void> {
  const instance = await s.duck.DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const probe: ConnectionRow = { id: '', name: '', type, catalogId: '', catalogName: 'probe', catalogDisplayName: null, config, createdAt: 0 };
    // Sniffed once here: the next open finds the dialect of a CSV file kept.
    await attachConnection(conn, probe, dataFolderOf(s.file), s.keptReaders, undefined, true);
    s.keptReaders?.save();
  } catch (error) {
    const what = type === 'duckdb' ? 'a DuckDB database' : `${type} files`;
    throw badRequest(`cannot open ${config.path} as ${what}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
