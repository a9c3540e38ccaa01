import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJsonExact } from '../../src/api/exact-numbers.js';
import { csvFieldSql } from '../../src/gateway/csv-fields.js';
import { loadDuckDB, type DuckDBModule } from '../../src/gateway/duckdb.js';
import { jsonTextWriter } from '../../src/gateway/json-text.js';
import { csvField } from '../../src/output/csv.js';

// The CSV fields DuckDB writes for the local gateway's CSV answer (csv-fields.ts) are, value by
// value, what dgw's CSV writer makes of the JSON answer: the value's JSON text (json-text.ts),
// read as dgw reads it (every digit kept), written by csvField. Random doubles over their whole
// range, and the edges of each type the SQL takes.

let duck: DuckDBModule;
let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  duck = await loadDuckDB();
  instance = await duck.DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

/** Each value of column `v` of `from`: [what the SQL writes, what the JSON path writes]. */
async function both(from: string): Promise<Array<[string, string]>> {
  // Kept in a table first: both readings see the same values (random() runs once).
  await conn.run(`CREATE OR REPLACE TABLE sample AS SELECT v FROM ${from}`);
  const reader = await conn.runAndReadAll('SELECT v FROM sample ORDER BY rowid');
  const type = reader.columnType(0);
  const sql = csvFieldSql(duck, type, 'v', 'c');
  expect(sql, `${String(type)} is written by SQL`).toBeDefined();
  const select = `SELECT ${sql!.field} FROM (SELECT ${sql!.texts.join(', ')}, rowid AS r FROM sample) ORDER BY r`;
  const viaSql = (await conn.runAndReadAll(select)).getRows().map((r) => String(r[0]));
  const write = jsonTextWriter(duck, type);
  const viaJson = reader.getColumns()[0].map((value) => csvField(parseJsonExact(write(value))));
  return viaSql.map((s, i) => [s, viaJson[i]]);
}

function expectSame(pairs: Array<[string, string]>): void {
  const differ = pairs.filter(([a, b]) => a !== b);
  expect(differ.slice(0, 10)).toEqual([]);
}

describe('CSV fields written by DuckDB, against the JSON path', () => {
  it('DOUBLE: random bit patterns, random magnitudes, and the edges of JavaScript\'s notation', async () => {
    const values: number[] = [0, -0, 1, -1, 0.37, 1e-7, 1.5e-7, 1e-6, 1.5e-6, 1e-5, 0.000123, 2.5e-5, 100, 1e15, 1e16, 1e17, 1e20, 1e21, 1.2345e21,
      1.2345678901234568e17, 9.999999999999999e20, 2 ** 53 + 2, 5e-324, 1.7976931348623157e308, -12345.6789, 1 / 3, 0.1, 123e-20, NaN, Infinity, -Infinity];
    const view = new DataView(new ArrayBuffer(8));
    for (let i = 0; i < 5000; i++) {
      view.setUint32(0, (Math.random() * 2 ** 32) >>> 0);
      view.setUint32(4, (Math.random() * 2 ** 32) >>> 0);
      values.push(view.getFloat64(0));
      values.push((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 50 - 25));
    }
    await conn.run('CREATE OR REPLACE TABLE doubles (v DOUBLE)');
    const appender = await conn.createAppender('doubles');
    for (const v of values) {
      appender.appendDouble(v);
      appender.endRow();
    }
    appender.appendNull();
    appender.endRow();
    appender.closeSync();
    expectSame(await both('doubles'));
  });

  it('FLOAT: its values as doubles, as the JSON answer has them', async () => {
    expectSame(await both("(SELECT unnest([0.1, 1.5, -3.25e-10, 3.4e38, 1e-45, 'nan', 'inf', NULL])::FLOAT AS v)"));
  });

  it('DECIMAL: short ones as numbers, long ones with every digit, every scale', async () => {
    for (const [precision, scale] of [[4, 1], [9, 3], [18, 3], [18, 0], [38, 6], [38, 19], [38, 0]]) {
      // Random digits, as many as fit, some short and some every digit long; a few NULLs.
      const digits = `left(replace(replace((random() * 1e18)::BIGINT::VARCHAR || (random() * 1e18)::BIGINT::VARCHAR || (random() * 1e18)::BIGINT::VARCHAR, '-', ''), '.', ''), 1 + (i % ${precision}))`;
      const value = `(CASE WHEN i % 2 = 0 THEN '-' ELSE '' END || ${digits})::HUGEINT::DECIMAL(38,0) / 10 ^ ${scale}`;
      expectSame(await both(`(SELECT (CASE WHEN i % 7 = 0 THEN NULL ELSE ${value} END)::DECIMAL(${precision},${scale}) AS v FROM range(3000) t(i)
        UNION ALL SELECT 0::DECIMAL(${precision},${scale}) UNION ALL SELECT (-1)::DECIMAL(${precision},${scale}))`));
    }
    expectSame(await both("(SELECT unnest(['-99999999999999999999999999999999.999999', '123456789012345.678', '0.100000', '-1.500000', '9007199254740993'])::DECIMAL(38,6) AS v)"));
    // DuckDB's own DECIMAL to DOUBLE cast gives the double next to the nearest one for these.
    expectSame(await both("(SELECT unnest(['-0.0013982262608643910', '0.0013982262608643910'])::DECIMAL(38,19) AS v)"));
  });

  it('integers of every width, at their ends', async () => {
    for (const [type, lo, hi] of [
      ['TINYINT', '-128', '127'], ['SMALLINT', '-32768', '32767'], ['INTEGER', '-2147483648', '2147483647'],
      ['BIGINT', '-9223372036854775808', '9223372036854775807'], ['HUGEINT', '-170141183460469231731687303715884105728', '170141183460469231731687303715884105727'],
      ['UTINYINT', '0', '255'], ['UBIGINT', '0', '18446744073709551615'], ['UHUGEINT', '0', '340282366920938463463374607431768211455'],
    ]) {
      expectSame(await both(`(SELECT unnest(['${lo}', '${hi}', '0', '9007199254740991', '9007199254740992', NULL])::${type} AS v)`.replace(/'9007199254740991', '9007199254740992', /g, ['TINYINT', 'SMALLINT', 'INTEGER', 'UTINYINT'].includes(type) ? '' : "'9007199254740991', '9007199254740992', ")));
    }
  });

  it('BOOLEAN', async () => {
    expectSame(await both('(SELECT unnest([true, false, NULL]) AS v)'));
  });

  it('text: commas, quotes, line breaks, every kind of space at either end, and none', async () => {
    // U+FEFF is left out: the DuckDB client's reading of a text drops it at the start (a byte
    // order mark to its decoder), so the JSON path loses it there; DuckDB's CSV keeps it (below).
    const spaces = ['\t', '\n', '\u000b', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\u200b', '\u0085'];
    const texts = ['', 'plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'é ü 中文 😀', "it's", ...spaces.flatMap((s) => [`${s}x`, `x${s}`, `x${s}y`, s])];
    const list = texts.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ');
    expectSame(await both(`(SELECT unnest([${list}, NULL]) AS v)`));
    const [[bom]] = await both("(SELECT chr(65279) || 'x' AS v)");
    expect(bom).toBe('"\ufeffx"');
  });

  it('dates, times and timestamps, at their edges', async () => {
    expectSame(await both("(SELECT unnest(['2026-01-31', '1970-01-01', '0001-01-01', '9999-12-31', '1582-10-15', '-4000-01-01', '294247-01-10', 'infinity', '-infinity', NULL])::DATE AS v)"));
    expectSame(await both("(SELECT unnest(['00:00:00', '12:34:56.789', '23:59:59.999999', '01:02:03.000100', NULL])::TIME AS v)"));
    expectSame(await both(`(SELECT unnest(['2026-01-31 12:34:56.789', '2026-01-01 00:00:00', '1970-01-01 00:00:00.000001', '1969-12-31 23:59:59.999999',
      '1677-09-21 00:12:43.145225', '2262-04-11 23:47:16.854775', '0001-01-01 00:00:00', '9999-12-31 23:59:59.999999', '-1000-03-01 10:00:00',
      '100000-01-01 00:00:00', 'infinity', '-infinity', NULL])::TIMESTAMP AS v)`));
  });

  it('UUID', async () => {
    expectSame(await both("(SELECT unnest(['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '3a128ca0-4021-4297-9be3-d5b266f09648', NULL])::UUID AS v)"));
  });

  it('other types are not written by SQL (their statements are answered as JSON)', async () => {
    for (const type of ['INTERVAL', 'BLOB', 'INTEGER[]', 'STRUCT(a INTEGER)', 'MAP(VARCHAR, INTEGER)', 'TIMESTAMPTZ', 'TIMESTAMP_NS', 'BIT', "ENUM('a', 'b')"]) {
      const reader = await conn.runAndReadAll(`SELECT NULL::${type} AS v`);
      expect(csvFieldSql(duck, reader.columnType(0), 'v', 'c'), type).toBeUndefined();
    }
  });
});
