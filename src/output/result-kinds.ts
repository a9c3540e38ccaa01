import type { ColumnKind } from './table.js';

// How a table lays out each column of a SQL result, decided per column, never per cell: numbers
// right-aligned, everything else free text (a result has no ids or names dgw could know of).

/** SQL types whose values are numbers (DuckDB's names, and the standard ones). */
const NUMERIC_TYPE = /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|BIGNUM|VARINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|INT[1248]|FLOAT[48])\b/i;

/** A number's text, as exact numbers that a double cannot hold arrive (`"123456789012345.678"`). */
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * Each column's kind: from its SQL type when the answer names it (`dataType`); otherwise from its
 * values: a column whose values are all numbers is numeric, and so is one mixing numbers with
 * strings of digits (exact values too precise for a double arrive as strings); a column of
 * strings alone, digits or not (a zip code, an id), is text.
 */
export function resultKinds(columns: Array<{ dataType?: string }>, rows: unknown[][]): ColumnKind[] {
  return columns.map((column, i) => {
    if (column.dataType) return NUMERIC_TYPE.test(column.dataType.trim()) ? 'number' : 'text';
    let numbers = 0;
    for (const row of rows) {
      const value = row[i];
      if (value === null || value === undefined) continue;
      if (typeof value === 'number' || typeof value === 'bigint') numbers += 1;
      else if (!(typeof value === 'string' && NUMBER_TEXT.test(value))) return 'text';
    }
    return numbers > 0 ? 'number' : 'text';
  });
}
