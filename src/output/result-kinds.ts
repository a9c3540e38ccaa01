import type { ColumnKind } from './table.js';

// A SQL result's layout is decided per column: numbers right-aligned, the rest free text.

/** SQL types whose values are numbers (DuckDB's names, and the standard ones); a list of them (`INTEGER[]`) is not one. */
const NUMERIC_TYPE = /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|BIGNUM|VARINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|INT[1248]|FLOAT[48])(\s*\([\d\s,]*\))?$/i;

/** A number's text, as exact numbers that a double cannot hold arrive (`"123456789012345.678"`). */
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** Each column's kind, by SQL type, else by values: digit strings among numbers are too-precise numbers; digit strings alone are text. */
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
