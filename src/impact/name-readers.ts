import { sqlName } from '../api/names.js';
import type { Query } from '../api/types.js';
import { count, someNames } from './listing.js';
import { readsName } from './sql-reads.js';
import { compareText } from '../output/text-order.js';

/** A SQL name a change makes stop existing; `schemas` are the words that reach it in SQL. */
export interface EndedName {
  /** As a person reads it: `svc.query.revenue`, `svc.table.orders`. */
  shown: string;
  name: string;
  schemas: readonly string[];
}

/** Where a saved query's SQL name lives: `query` (a plain query's view) or `mtquery` (a materialized result). */
export function querySchema(q: Pick<Query, 'queryType'>): 'query' | 'mtquery' {
  return q.queryType === 'MATERIALIZED' ? 'mtquery' : 'query';
}

/** A deleted or renamed query's name goes from every schema a reader wrote. */
export function endedQueryName(q: Pick<Query, 'name' | 'queryType'>): EndedName {
  return { shown: sqlName(`svc.${querySchema(q)}`, q.name), name: q.name, schemas: ['query', 'mtquery'] };
}

/** A query whose type changes keeps its name, under the other schema: only the old schema's name ends. */
export function endedQueryType(q: Pick<Query, 'name' | 'queryType'>): EndedName {
  const schema = querySchema(q);
  return { shown: sqlName(`svc.${schema}`, q.name), name: q.name, schemas: [schema] };
}

/** A stored table's name (`svc.table.<table>`), or a BI table's (`svc.bitable.<table>`). */
export function endedTable(table: string, schema: 'table' | 'bitable' = 'table'): EndedName {
  return { shown: `svc.${schema}.${table}`, name: table, schemas: [schema] };
}

/** A saved query whose SQL reads one or more of the ended names. */
export interface NameReader extends Pick<Query, 'id' | 'name' | 'queryType'> {
  /** The ended names it reads, as shown. */
  reads: string[];
}

/** The saved queries whose SQL reads any of `ended`, except those the change itself touches. */
export function nameReaders(queries: Query[], ended: EndedName[], except: ReadonlySet<string>): NameReader[] {
  const readers: NameReader[] = [];
  for (const q of queries) {
    if (except.has(q.id)) continue;
    const reads = ended.filter((e) => readsName(q.inputQuery, e.schemas, e.name)).map((e) => e.shown);
    if (reads.length > 0) readers.push({ id: q.id, name: q.name, queryType: q.queryType, reads });
  }
  return readers.sort((a, b) => compareText(a.name, b.name));
}

/** What a change breaks: the names it ends and who reads them; `readers` null when they were not read. */
export interface Breakage {
  ended: EndedName[];
  readers: NameReader[] | null;
  /** Why `readers` is null. */
  unread?: string;
}

/** Lines for a person (stderr, the question, a dry run): who reads the ended names and will fail, or that no one does. */
export function describeBreakage(b: Breakage): string[] {
  const names = someNames(b.ended.map((e) => e.shown), 3);
  if (b.readers === null) return [b.unread ?? `(the saved queries that read ${names} were not read)`];
  if (b.ended.length === 0) return [];
  if (b.readers.length === 0) return [`no other saved query's SQL reads ${b.ended.length > 1 ? 'any of ' : ''}${names}`];
  const lines = [`${count(b.readers.length, 'saved query reads', 'saved queries read')} ${names} and will fail when next run or refreshed:`];
  const many = b.ended.length > 1;
  for (const r of b.readers) lines.push(`  ${r.name} (${r.queryType === 'MATERIALIZED' ? 'materialized' : 'plain'})${many ? `: reads ${r.reads.join(', ')}` : ''}`);
  return lines;
}

/** For the question: `, breaking 2 saved queries that read it (a, b)`, or nothing when none does. */
export function breakingClause(b: Breakage): string {
  if (!b.readers || b.readers.length === 0) return '';
  const them = b.ended.length === 1 ? 'it' : 'them';
  return `, breaking ${count(b.readers.length, 'saved query that reads', 'saved queries that read')} ${them} (${someNames(b.readers.map((r) => r.name))})`;
}

/** What `--dry-run --json` carries in `effects`: the ended names, and the readers (null when not read). */
export function breakageFacts(b: Breakage): { ends: string[]; readers: Array<{ id: string; name: string; reads: string[] }> | null } {
  return { ends: b.ended.map((e) => e.shown), readers: b.readers === null ? null : b.readers.map((r) => ({ id: r.id, name: r.name, reads: r.reads })) };
}
