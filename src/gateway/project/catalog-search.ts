import { badRequest } from '../errors.js';
import { goneTables, schemaNames, tableNames } from './catalog-browse.js';
import { allCatalogs, browse, catalogPlace } from './catalog-place.js';
import type { ProjectStore } from './store.js';

/** The document's SearchRequest. */
export interface SearchInput {
  query: string;
  catalog?: string;
  schema?: string;
  limit: number;
  offset: number;
}

/** One match: a catalog, a schema of it, or a table of that. */
export interface SearchMatch {
  catalog: string;
  schema?: string;
  table?: string;
}

/** How well a name matches, lowest first: the whole name, its start, anywhere; undefined for no match. */
function rank(name: string, text: string): number | undefined {
  const n = name.toLowerCase();
  if (n === text) return 0;
  if (n.startsWith(text)) return 1;
  return n.includes(text) ? 2 : undefined;
}

/** A lexical search of names (no model runs locally), ranked by whole name, start, anywhere, then name; a page over catalogs, schemas, tables. */
export async function searchCatalogs(project: ProjectStore, input: SearchInput): Promise<{ catalogs: SearchMatch[]; schemas: SearchMatch[]; tables: SearchMatch[]; nextOffset: number | null; unsearched: string[] }> {
  const text = input.query.trim().toLowerCase();
  if (text === '') throw badRequest('query must hold the text to search for');
  const found: Array<{ kind: 'catalogs' | 'schemas' | 'tables'; rank: number; key: string; match: SearchMatch }> = [];
  const seen = new Set<string>();
  const unsearched: string[] = [];
  for (const catalog of allCatalogs(project)) {
    if (input.catalog !== undefined && catalog.name !== input.catalog) continue;
    const r = rank(catalog.name, text);
    if (r !== undefined && !seen.has(catalog.name)) found.push({ kind: 'catalogs', rank: r, key: catalog.name, match: { catalog: catalog.name } });
    seen.add(catalog.name);
    // A catalog whose file did not open has no schemas to search; it must not fail the search of the others, and is named.
    if (catalog.connectionId !== null && project.brokenConnections.get(catalog.connectionId)) {
      unsearched.push(catalog.name);
      continue;
    }
    const place = catalogPlace(project, catalog.id);
    for (const schema of await browse(project, place, (conn) => schemaNames(conn, place))) {
      if (input.schema !== undefined && schema !== input.schema) continue;
      const rs = rank(schema, text);
      if (rs !== undefined) found.push({ kind: 'schemas', rank: rs, key: `${catalog.name}.${schema}`, match: { catalog: catalog.name, schema } });
      const gone = goneTables(place);
      for (const table of (await browse(project, place, (conn) => tableNames(conn, place, schema))).filter((name) => !gone.has(name))) {
        const rt = rank(table, text);
        if (rt !== undefined) found.push({ kind: 'tables', rank: rt, key: `${catalog.name}.${schema}.${table}`, match: { catalog: catalog.name, schema, table } });
      }
    }
  }
  const order = { catalogs: 0, schemas: 1, tables: 2 };
  found.sort((a, b) => order[a.kind] - order[b.kind] || a.rank - b.rank || a.key.localeCompare(b.key));
  const page = found.slice(input.offset, input.offset + input.limit);
  const pick = (kind: 'catalogs' | 'schemas' | 'tables') => page.filter((f) => f.kind === kind).map((f) => f.match);
  return { catalogs: pick('catalogs'), schemas: pick('schemas'), tables: pick('tables'), nextOffset: input.offset + input.limit < found.length ? input.offset + input.limit : null, unsearched };
}
