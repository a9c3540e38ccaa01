import { describe, expect, it } from 'vitest';
import { loadDuckDB } from '../../src/gateway/duckdb.js';
import { jsonTextWriter } from '../../src/gateway/json-text.js';
import { jsonValueConverter } from '../../src/gateway/json-values.js';

// Run SQL writes each value straight to its JSON text, with a writer chosen once per column
// (src/gateway/json-text.ts). Its text must be exactly what the value converter, whose rules the
// README documents (exact numbers, NaN as a string, dates as text), gives through JSON.stringify:
// checked here for every type DuckDB has a literal for, with NULLs and edge values.

const EXPRESSIONS = [
  'true', 'false', '(-128)::TINYINT', '32767::SMALLINT', '(-2147483648)::INTEGER', '255::UTINYINT', '65535::USMALLINT', '4294967295::UINTEGER',
  '9007199254740991::BIGINT', '9007199254740992::BIGINT', '(-9223372036854775808)::BIGINT', '18446744073709551615::UBIGINT',
  '170141183460469231731687303715884105727::HUGEINT', '340282366920938463463374607431768211455::UHUGEINT', '42::HUGEINT',
  '0.1::DOUBLE', '(-0.0)::DOUBLE', '1e300::DOUBLE', "'nan'::DOUBLE", "'infinity'::FLOAT", '1.5::FLOAT',
  '1.50::DECIMAL(10,2)', '123456789012345.678::DECIMAL(18,3)', '(-0.001)::DECIMAL(10,3)', "'0.12345678901234567890123456789012345678'::DECIMAL(38,38)",
  "'tab\there \"quoted\" \\ back'::VARCHAR", "chr(0) || chr(27) || '€ 😀'", "''",
  "DATE '2026-01-31'", "TIME '23:59:59.123456'", "TIMESTAMP '2026-01-31 12:34:56.789'", "TIMESTAMPTZ '2026-01-31 12:34:56+02'",
  "TIMESTAMP '1969-12-31 23:59:59.999999'", "TIMESTAMP '1970-01-01 00:00:00'", "TIMESTAMP '1700-03-01 00:00:00.000001'", "TIMESTAMP '2255-06-05 23:47:34.740991'",
  "TIMESTAMP '2255-06-05 23:47:34.740993'", "TIMESTAMP '0001-01-01 00:00:00'", "TIMESTAMP '9999-12-31 23:59:59.999999'", "'infinity'::TIMESTAMP", "'-infinity'::TIMESTAMP",
  "TIMESTAMP '2000-02-29 12:00:00.5'", "TIMESTAMP '1900-01-01 01:02:03.04'",
  "'2026-01-31 12:34:56'::TIMESTAMP_S", "'2026-01-31 12:34:56.123'::TIMESTAMP_MS", "'2026-01-31 12:34:56.123456789'::TIMESTAMP_NS",
  "TIMETZ '12:00:00+05:30'", "INTERVAL 3 DAY + INTERVAL 4 HOUR", "'\\xAA\\x00'::BLOB", "'4f8b1c2e-0000-4000-8000-00000000abcd'::UUID",
  "'b'::ENUM('a', 'b')", '[1.5::DECIMAL(18,3), NULL]', "{'a': 9007199254740993::BIGINT, 'b': 'x'}", "MAP {'k': 1}", '[1, 2]::INTEGER[2]',
  "union_value(n := 5)", "'101'::BIT",
];

describe('JSON text writers', () => {
  it('write every type exactly as JSON.stringify of the value converter does, NULL included', async () => {
    const duck = await loadDuckDB();
    const instance = await duck.DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      const convert = jsonValueConverter(duck);
      let checked = 0;
      for (const expression of EXPRESSIONS) {
        const result = await conn.runAndReadAll(`SELECT ${expression} AS v UNION ALL SELECT NULL`);
        const type = result.columnType(0);
        const write = jsonTextWriter(duck, type);
        for (const value of result.getColumns()[0]) {
          expect(write(value), `${expression} (${String(type)})`).toBe(JSON.stringify(value === null ? null : convert(value, type, convert)));
          checked += 1;
        }
      }
      expect(checked).toBe(EXPRESSIONS.length * 2);
      // Timestamps at random microseconds from 1700 to 2250, where the writer takes its fast path.
      const many = await conn.runAndReadAll("SELECT TIMESTAMP '1700-01-01' + to_microseconds((hash(i) % 17356896000000000)::BIGINT) AS t FROM range(20000) t(i)");
      const type = many.columnType(0);
      const write = jsonTextWriter(duck, type);
      for (const value of many.getColumns()[0]) expect(write(value)).toBe(JSON.stringify(convert(value, type, convert)));
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
