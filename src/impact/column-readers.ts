import type { Query } from '../api/types.js';
import { count } from './listing.js';
import { readsColumn, type ColumnRead } from './sql-reads.js';
import { compareText } from '../output/text-order.js';

/** A saved query whose SQL reads a column, and how (see sql-reads.ts). */
export interface ColumnReader extends Pick<Query, 'id' | 'name' | 'queryType'> {
  read: ColumnRead;
}

/** The saved queries whose SQL reads `column` of `<schema>.<table>` (a stored table unless told), or of its cache copy `cache.<table>`, which loses it at its next refresh: those naming it first, then those selecting `*`. */
export function columnReaders(queries: Query[], table: string, column: string, schema = 'table'): ColumnReader[] {
  const readers: ColumnReader[] = [];
  for (const q of queries) {
    const read = readsColumn(q.inputQuery, table, column, schema) ?? readsColumn(q.inputQuery, table, column, 'cache');
    if (read) readers.push({ id: q.id, name: q.name, queryType: q.queryType, read });
  }
  return readers.sort((a, b) => (a.read === b.read ? compareText(a.name, b.name) : a.read === 'by-name' ? -1 : 1));
}

/** Lines for a person: which queries read the column, and how; or that none does. */
export function describeColumnReaders(readers: ColumnReader[], table: string, column: string): string[] {
  if (readers.length === 0) return [`No saved query's SQL reads ${table}.${column}.`];
  return [
    `${count(readers.length, 'saved query reads', 'saved queries read')} ${table}.${column} and will fail when next run or refreshed:`,
    ...readers.map((r) => `  ${r.name} (${r.queryType === 'MATERIALIZED' ? 'materialized' : 'plain'}): ${r.read === 'by-name' ? `names ${column}` : `selects * from ${table}`}`),
  ];
}
