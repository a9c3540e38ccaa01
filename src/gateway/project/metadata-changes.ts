import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, notFound } from '../errors.js';
import { checkName } from '../validate.js';
import { browse, catalogPlace, catalogStays, type CatalogPlace } from './catalog-place.js';
import { columns, type BrowsedColumn } from './catalog-browse.js';
import { categoricalValues, checkColumn, checkSchema, MAX_CATEGORICAL, noteAt, readNotes, writeNotes, type Note } from './metadata-notes.js';
import { tableView, type MetadataTable } from './project-metadata.js';
import type { ColumnPlace } from './relations.js';
import type { ProjectStore } from './store.js';

// Changes people make to the metadata: descriptions, whether the agent may use a catalog, schema
// or table, and categorical values. Each is checked against the catalog as it is now.

/** A table's metadata as answered after a change, with where it is. */
export type TableMetadata = MetadataTable & { catalogId: string; catalogName: string; schemaName: string };

/** A change to a table's metadata, as the document's MetadataUpdateRequest carries it. */
export interface TableChange {
  tableDescription?: string;
  columns?: Array<{ columnName: string; columnDescription?: string }>;
  useWithAI?: boolean;
}

/** Whether the agent may use a whole catalog, or one schema of it. */
export async function setUseWithAI(s: ProjectStore, catalogId: string, schemaName: string | undefined, useWithAI: boolean): Promise<{ catalogId: string; schemaName: string | null; useWithAI: boolean }> {
  const place = catalogPlace(s, catalogId);
  if (schemaName !== undefined) await browse(s, place, (conn) => checkSchema(conn, place, schemaName));
  await writeNotes(s, (notes) => [{ ...noteAt(notes, { catalogId, schemaName: schemaName ?? '', tableName: '', columnName: '' }), useWithAI }], (conn) => catalogStays(s, catalogId, conn));
  return { catalogId, schemaName: schemaName ?? null, useWithAI };
}

/** Describes a table and its columns, or says whether the agent may use it; an empty description removes one. */
export async function describeTable(s: ProjectStore, { catalogId, schemaName, tableName }: Omit<ColumnPlace, 'columnName'>, change: TableChange): Promise<TableMetadata> {
  for (const text of [change.tableDescription, ...(change.columns ?? []).map((c) => c.columnDescription)]) if (text !== undefined) checkDescription(text);
  const place = catalogPlace(s, catalogId);
  const cols = await browse(s, place, (conn) => columns(conn, place, schemaName, tableName));
  const names = cols.map((c) => c.name);
  const seen = new Set<string>();
  for (const c of change.columns ?? []) {
    checkColumn(names, c.columnName, `${schemaName}.${tableName}`);
    if (seen.has(c.columnName)) throw badRequest(`columns names ${c.columnName} twice`);
    seen.add(c.columnName);
  }
  await writeNotes(s, (notes): Note[] => {
    const at = (columnName = '') => noteAt(notes, { catalogId, schemaName, tableName, columnName });
    const table = at();
    return [
      { ...table, description: change.tableDescription === undefined ? table.description : change.tableDescription || null, useWithAI: change.useWithAI ?? table.useWithAI },
      ...(change.columns ?? []).filter((c) => c.columnDescription !== undefined).map((c) => ({ ...at(c.columnName), description: c.columnDescription || null })),
    ];
  }, stillThere(s, place, schemaName, tableName, [...seen]));
  return tableNow(s, place, schemaName, tableName, cols);
}

/** Counts a column's most frequent values (at most `limit`) and keeps them; a metadata refresh counts them again. */
export async function setCategorical(s: ProjectStore, at: ColumnPlace, limit: number, frequency: string | null): Promise<TableMetadata> {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CATEGORICAL) throw badRequest(`limit must be a whole number from 1 to ${MAX_CATEGORICAL}`);
  if (frequency !== null) checkName(frequency, 'frequency', 100);
  const place = catalogPlace(s, at.catalogId);
  const { cols, values } = await browse(s, place, async (conn) => {
    const cols = await columns(conn, place, at.schemaName, at.tableName);
    checkColumn(cols.map((c) => c.name), at.columnName, `${at.schemaName}.${at.tableName}`);
    return { cols, values: await categoricalValues(conn, place, at.schemaName, at.tableName, at.columnName, limit) };
  });
  await writeNotes(s, (notes) => [{ ...noteAt(notes, at), categorical: { limit, frequency, values } }], stillThere(s, place, at.schemaName, at.tableName, [at.columnName]));
  return tableNow(s, place, at.schemaName, at.tableName, cols);
}

/** Forgets a column's categorical values; 404 when it has none. */
export async function deleteCategorical(s: ProjectStore, at: ColumnPlace): Promise<TableMetadata> {
  const place = catalogPlace(s, at.catalogId);
  const note = noteAt(await s.withConnection(readNotes), at);
  if (note.categorical === null) throw notFound(`column ${at.columnName} of ${at.schemaName}.${at.tableName} has no categorical values`);
  await writeNotes(s, (notes) => [{ ...noteAt(notes, at), categorical: null }]);
  return tableNow(s, place, at.schemaName, at.tableName, await browse(s, place, (conn) => columns(conn, place, at.schemaName, at.tableName)));
}

function stillThere(s: ProjectStore, place: CatalogPlace, schema: string, table: string, columnNames: string[]) {
  return async (conn: DuckDBConnection) => {
    await catalogStays(s, place.catalog.id, conn);
    const names = (await columns(conn, place, schema, table)).map((c) => c.name);
    for (const c of columnNames) checkColumn(names, c, `${schema}.${table}`);
  };
}

const MAX_DESCRIPTION = 10_000;

/** A description is text of a few paragraphs at most: line breaks are fine, NUL is not. */
function checkDescription(text: string): void {
  if (text.length > MAX_DESCRIPTION) throw badRequest(`a description is longer than ${MAX_DESCRIPTION} characters`);
  if (text.includes('\0')) throw badRequest('a description contains a NUL character');
}

/** The table's metadata after a change: its columns (as read for the change) and the notes as written. */
async function tableNow(s: ProjectStore, place: CatalogPlace, schemaName: string, tableName: string, cols: BrowsedColumn[]): Promise<TableMetadata> {
  const notes = await s.withConnection(readNotes);
  const note = (table = '', column = '', schema = schemaName) => noteAt(notes, { catalogId: place.catalog.id, schemaName: schema, tableName: table, columnName: column });
  const schemaUse = note('', '').useWithAI ?? note('', '', '').useWithAI ?? true;
  const seen = { tableName, comment: null, columns: cols.map((c) => ({ columnName: c.name, dataType: c.dataType, isNotNull: c.isNotNull, comment: c.comment })) };
  return { catalogId: place.catalog.id, catalogName: place.catalog.name, schemaName, ...tableView(seen, schemaUse, (table, column) => note(table, column)) };
}
