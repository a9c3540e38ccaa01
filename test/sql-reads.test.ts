import { describe, expect, it } from 'vitest';
import type { Query } from '../src/api/types.js';
import { endedQueryName, endedQueryType, endedTable, nameReaders } from '../src/impact/name-readers.js';
import { readsColumn, readsQuery } from '../src/impact/sql-reads.js';
import { tokenize } from '../src/impact/sql-tokens.js';

// What a saved query's SQL reads, from its tokens: strings and comments never count.

describe('readsColumn(sql, "orders", "status")', () => {
  it.each([
    ['SELECT status FROM svc.table.orders', 'by-name'],
    ['SELECT "Status" FROM "svc"."table"."ORDERS"', 'by-name'],
    ['SELECT o.status FROM svc.table.orders AS o', 'by-name'],
    ['SELECT id FROM svc.table.orders WHERE status = \'paid\'', 'by-name'],
    ['SELECT * EXCLUDE (status) FROM svc.table.orders', 'by-name'],
    ['SELECT id FROM peaka.table.orders o JOIN svc.table.customers c USING (status)', 'by-name'],
    ['SELECT * FROM svc.table.orders', 'star'],
    ['SELECT o.* FROM svc.table.orders o', 'star'],
    ['SELECT id, * FROM svc.table.orders', 'star'],
    ['SELECT DISTINCT * FROM svc.table.orders', 'star'],
  ])('%s → %s', (sql, expected) => {
    expect(readsColumn(sql, 'orders', 'status')).toBe(expected);
  });

  it.each([
    ["SELECT 'status' FROM svc.table.orders", 'in a string'],
    ["SELECT E'it\\'s status' FROM svc.table.orders", 'in an E string with an escaped quote'],
    ['SELECT $$status$$ FROM svc.table.orders', 'in a dollar-quoted string'],
    ['SELECT $t$ status $t$ FROM svc.table.orders', 'in a tagged dollar-quoted string'],
    ['SELECT id FROM svc.table.orders -- status', 'in a line comment'],
    ['SELECT id /* status /* nested */ status */ FROM svc.table.orders', 'in a nested block comment'],
    ['SELECT count(*) FROM svc.table.orders', 'count(*)'],
    ['SELECT 2 * 3 FROM svc.table.orders', 'a product'],
    ['SELECT status FROM svc.table.customers', 'another table'],
    ['SELECT status FROM svc.query.orders', 'a query named like the table'],
    ['SELECT status(id) FROM svc.table.orders', 'a function of that name'],
    ['SELECT statuses FROM svc.table.orders', 'a longer name'],
    ["SELECT 'it''s status' FROM svc.table.orders", 'after a doubled quote'],
  ])('not: %s (%s)', (sql) => {
    expect(readsColumn(sql, 'orders', 'status')).toBeUndefined();
  });

  it('an unterminated string or comment does not throw', () => {
    expect(readsColumn("SELECT status FROM svc.table.orders WHERE x = 'open", 'orders', 'status')).toBe('by-name');
    expect(readsColumn('SELECT id FROM svc.table.orders /* status', 'orders', 'status')).toBeUndefined();
  });
});

describe('readsQuery', () => {
  it.each([
    ['SELECT * FROM svc.query.rev', true],
    ['SELECT * FROM "peaka"."mtquery"."Rev"', true],
    ['SELECT x FROM query.rev', true],
    ["SELECT 'svc.query.rev'", false],
    ['SELECT * FROM svc.query.revenue', false],
    ['SELECT * FROM svc.table.rev', false],
    ['-- svc.query.rev\nSELECT 1', false],
  ])('%s → %s', (sql, expected) => {
    expect(readsQuery(sql, 'rev')).toBe(expected);
  });
});

describe('nameReaders: the saved queries that read a name that ends', () => {
  const q = (id: string, inputQuery: string, queryType: 'PLAIN' | 'MATERIALIZED' = 'PLAIN') => ({ id, name: id, displayName: id, inputQuery, queryType }) as unknown as Query;
  const queries = [
    q('by_view', 'SELECT * FROM svc.query.rev'),
    q('by_table', 'SELECT * FROM "svc"."mtquery"."REV"', 'MATERIALIZED'),
    q('by_stored', 'SELECT a FROM svc.table.orders JOIN svc.query.other USING (a)'),
    q('in_a_string', "SELECT 'svc.table.orders', 'svc.query.rev'"),
  ];

  it('a query that goes (rm, --name) ends its name whichever schema a reader wrote', () => {
    expect(nameReaders(queries, [endedQueryName({ name: 'rev', queryType: 'PLAIN' })], new Set()).map((r) => r.name)).toEqual(['by_table', 'by_view']);
  });

  it('a type change ends only the old schema: --materialized breaks svc.query readers, --plain svc.mtquery ones', () => {
    expect(nameReaders(queries, [endedQueryType({ name: 'rev', queryType: 'PLAIN' })], new Set()).map((r) => r.name)).toEqual(['by_view']);
    expect(nameReaders(queries, [endedQueryType({ name: 'rev', queryType: 'MATERIALIZED' })], new Set()).map((r) => r.name)).toEqual(['by_table']);
  });

  it('a stored table, several names at once, and the queries the change takes itself left out', () => {
    const ended = [endedTable('orders'), endedQueryName({ name: 'other', queryType: 'PLAIN' })];
    expect(nameReaders(queries, ended, new Set())).toEqual([{ id: 'by_stored', name: 'by_stored', queryType: 'PLAIN', reads: ['svc.table.orders', 'svc.query.other'] }]);
    expect(nameReaders(queries, ended, new Set(['by_stored']))).toEqual([]);
  });
});

describe('tokenize', () => {
  it('keeps identifiers apart from strings, with quoted names unescaped', () => {
    expect(tokenize(`SELECT "a""b", 'x''y' -- c\n/* d */ FROM t`).map((t) => [t.kind, 'name' in t ? t.name : t.text])).toEqual([
      ['word', 'SELECT'],
      ['quoted', 'a"b'],
      ['punct', ','],
      ['string', "'x''y'"],
      ['word', 'FROM'],
      ['word', 't'],
    ]);
  });
});
