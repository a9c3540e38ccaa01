import type { DuckDBConnection } from '@duckdb/node-api';
import { didYouMean } from '../../output/did-you-mean.js';
import { badRequest, notFound } from '../errors.js';
import { ident } from '../sql.js';
import type { CatalogPlace } from './catalog-place.js';
import { schemaNames } from './catalog-browse.js';
import { placeValues, samePlace, type ColumnPlace } from './relations.js';
import { rows, rowsAs, type ProjectStore } from './store.js';

// What DuckDB's catalog does not hold: descriptions, the agent's access, categorical values. One
// row per place; '' stands for "the whole catalog" or "the whole table".

/** A note on a catalog (schema, table and column ''), a schema, a table (column '') or a column. */
export interface Note extends ColumnPlace {
  description: string | null;
  useWithAI: boolean | null;
  categorical: { limit: number; frequency: string | null; values: string[] } | null;
}

export const NOTES_DDL =
  'CREATE TABLE IF NOT EXISTS svc._dgw.metadata_notes (catalog_id VARCHAR, schema_name VARCHAR, table_name VARCHAR, column_name VARCHAR, description VARCHAR, use_with_ai BOOLEAN, categorical VARCHAR)';

/** Most categorical values kept for a column. */
export const MAX_CATEGORICAL = 1000;

export async function readNotes(conn: DuckDBConnection): Promise<Note[]> {
  const stored = await rowsAs<Omit<Note, 'categorical'> & { categorical: string | null }>(
    conn,
    'SELECT catalog_id, schema_name, table_name, column_name, description, use_with_ai AS "useWithAI", categorical FROM svc._dgw.metadata_notes',
  );
  return stored.map((n) => ({ ...n, categorical: n.categorical === null ? null : (JSON.parse(n.categorical) as Note['categorical']) }));
}

/** The note at a place, or an empty one. */
export function noteAt(notes: Note[], at: ColumnPlace): Note {
  return notes.find((n) => samePlace(n, at)) ?? { ...at, description: null, useWithAI: null, categorical: null };
}

/** Writes the notes `edit` makes of the notes as read in the same transaction (so two changes at once do not undo each other), after `check` there: a table dropped since must not get a note. */
export async function writeNotes(s: ProjectStore, edit: (notes: Note[]) => Note[], check?: (conn: DuckDBConnection) => Promise<unknown>): Promise<void> {
  await s.tx(async (conn) => {
    await check?.(conn);
    for (const n of edit(await readNotes(conn))) {
      await conn.run('DELETE FROM svc._dgw.metadata_notes WHERE catalog_id = $1 AND schema_name = $2 AND table_name = $3 AND column_name = $4', placeValues(n));
      if (n.description === null && n.useWithAI === null && n.categorical === null) continue;
      await conn.run('INSERT INTO svc._dgw.metadata_notes VALUES ($1, $2, $3, $4, $5, $6, $7)', [...placeValues(n), n.description, n.useWithAI, n.categorical === null ? null : JSON.stringify(n.categorical)]);
    }
  });
}

/** 404 unless the schema exists in the catalog. */
export async function checkSchema(conn: DuckDBConnection, place: CatalogPlace, schema: string): Promise<void> {
  const names = await schemaNames(conn, place);
  if (!names.includes(schema)) throw notFound(`catalog ${place.catalog.name} (${place.catalog.id}) has no schema ${schema}${didYouMean(schema, names)}`);
}

/** 400 naming a column the table does not have. */
export function checkColumn(names: string[], column: string, table: string): void {
  if (!names.includes(column)) throw badRequest(`${table} has no column ${column}${didYouMean(column, names)}`);
}

/** The column's most frequent values, most frequent first (ties in value order), as text. */
export async function categoricalValues(conn: DuckDBConnection, place: CatalogPlace, schema: string, table: string, column: string, limit: number): Promise<string[]> {
  const col = ident(column);
  const found = await rows(
    conn,
    `SELECT ${col}::VARCHAR AS v, count(*) AS n FROM ${ident(place.database)}.${ident(schema)}.${ident(table)} WHERE ${col} IS NOT NULL GROUP BY 1 ORDER BY n DESC, v LIMIT ${limit}`,
  );
  return found.map((r) => String(r.v));
}
