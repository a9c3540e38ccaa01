import { describe, expect, it } from 'vitest';
import { parseRelations } from '../src/code/knowledge/files.js';

// In the map form an unquoted catalog id (`catalog: 1`) is a YAML number: the file was refused
// with the generic "must be catalog.schema.table.column", which does not say to quote it.

describe('a relation whose column map gives the catalog id unquoted', () => {
  it('is refused with a hint to quote it, naming the line; quoted, it is read', () => {
    const unquoted = '- from: {catalog: 1, schema: table, table: orders, column: customer_id}\n  to: 1.table.customers.customer_id\n';
    expect(() => parseRelations(unquoted)).toThrow('YAML reads 1 as a number: quote it ("1")');
    expect(parseRelations(unquoted.replace('catalog: 1', 'catalog: "1"'))[0].from).toEqual({ catalog: '1', schema: 'table', table: 'orders', column: 'customer_id' });
  });
});
