import type { Query } from '../api/types.js';
import { readsQuery } from './sql-reads.js';
import { compareText } from '../output/text-order.js';

/** The other saved queries whose SQL reads a query by its SQL name (`<catalog>.query.<name>` or `.mtquery.`). */
export function queryNameReaders(queries: Query[], name: string, exceptId: string): Query[] {
  return queries
    .filter((q) => q.id !== exceptId && typeof q.inputQuery === 'string' && readsQuery(q.inputQuery, name))
    .sort((a, b) => compareText(a.name, b.name));
}
