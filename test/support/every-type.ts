/** A column: its name, its type, SQL expressions of its values. */
export type Column = [string, string, string[]];

/** A column of every kind DuckDB stores, and values for it: ordinary, at the edges, NULL. */
export const COLUMNS: Column[] = [
  ['b', 'BOOLEAN', ['true', 'false']],
  ['i8', 'TINYINT', ['-128', '127']],
  ['i16', 'SMALLINT', ['-32768', '7']],
  ['i32', 'INTEGER', ['-2147483648', '0']],
  ['i64', 'BIGINT', ['9223372036854775807', '-9007199254740993']],
  ['i128', 'HUGEINT', ['170141183460469231731687303715884105727', '-1']],
  ['u8', 'UTINYINT', ['255', '0']],
  ['u64', 'UBIGINT', ['18446744073709551615', '1']],
  ['u128', 'UHUGEINT', ['340282366920938463463374607431768211455', '2']],
  ['f32', 'FLOAT', ["'1.1'::FLOAT", "'-inf'::FLOAT"]],
  ['f64', 'DOUBLE', ["'nan'::DOUBLE", '1e-7', '-0.0', '0.1 + 0.2', '1e300', '123456789.125']],
  ['d4', 'DECIMAL(4,1)', ['-999.9', '0.5']],
  ['d18', 'DECIMAL(18,3)', ['483101', '123456789012345.678', '-0.001']],
  ['d38', 'DECIMAL(38,10)', ['1234567890123456789012345678.0123456789', '0']],
  ['s', 'VARCHAR', ["''", "' leading and trailing '", "'a,b'", "'say \"hi\"'", "'two' || chr(10) || 'lines'", "'cr' || chr(13) || 'lf' || chr(10)", "'#hash'", "'NULL'", "'\\N'", "chr(65279) || 'bom'", "'Café Überblick 中文'", "'=1+2'", "chr(9) || 'tab'"]],
  ['blob', 'BLOB', ["'\\xAA\\x00ab'::BLOB", "''::BLOB"]],
  ['day', 'DATE', ["DATE '2026-02-28'", "DATE '0001-01-01'"]],
  ['t', 'TIME', ["TIME '23:59:59.999999'"]],
  ['ts', 'TIMESTAMP', ["TIMESTAMP '2026-01-01 00:00:00'", "TIMESTAMP '1999-12-31 23:59:59.123456'"]],
  ['ts_s', 'TIMESTAMP_S', ["TIMESTAMP_S '2026-01-01 12:00:00'"]],
  ['ts_ms', 'TIMESTAMP_MS', ["TIMESTAMP_MS '2026-01-01 12:00:00.123'"]],
  ['ts_ns', 'TIMESTAMP_NS', ["TIMESTAMP_NS '2026-01-01 12:00:00.123456789'"]],
  ['tstz', 'TIMESTAMPTZ', ["TIMESTAMPTZ '2026-06-01 10:00:00+00'"]],
  ['iv', 'INTERVAL', ["INTERVAL '1 year 2 months 3 days 04:05:06.789'", "INTERVAL '-1 day'"]],
  ['id', 'UUID', ["'00000000-0000-4000-8000-0000000000ab'::UUID"]],
  ['bits', 'BIT', ["'0101'::BIT"]],
  ['list', 'INTEGER[]', ['[1, 2, NULL]', '[]']],
  ['texts', 'VARCHAR[]', ["['a', 'b,c', '']"]],
  ['arr', 'DOUBLE[2]', ['[1.5, -2.0]::DOUBLE[2]']],
  ['st', 'STRUCT(a INTEGER, b VARCHAR)', ["{'a': 1, 'b': 'x'}", "{'a': NULL, 'b': ''}"]],
  ['m', 'MAP(VARCHAR, INTEGER)', ["MAP {'k': 1, 'l': 2}"]],
];

/** The rows `insertStatement` makes, besides its row of NULLs. */
export const rowCount = (columns: Column[]) => Math.max(...columns.map(([, , v]) => v.length));

/** Row r takes each column's r-th value (its last one once they run out); a last row is NULL everywhere. */
export function insertStatement(table: string, columns: Column[]): string {
  const rows = Array.from({ length: rowCount(columns) }, (_, r) => `(${columns.map(([, type, v]) => `(${v[Math.min(r, v.length - 1)]})::${type}`).join(', ')})`);
  rows.push(`(${columns.map(() => 'NULL').join(', ')})`);
  return `INSERT INTO ${table} VALUES ${rows.join(', ')}`;
}
