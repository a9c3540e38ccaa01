import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../src/output/csv.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// One rule for every CSV dgw writes on the local gateway, whichever way a result comes out:
// `sql --format csv` to a pipe (DuckDB's COPY through a named pipe), with --limit or
// --guard-formulas (the gateway's CSV read back and printed by dgw's writer), without a named
// pipe (the gateway's JSON of DuckDB's texts), `query run`, `query export` and `table sample`.
// Every value is DuckDB's text of it; NULL is an empty field, the empty string `""`. The bytes
// are the same, and `table import` reads them back as they were, NULL and '' apart.

const tmp = tempDir('dgw-csv-rule-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = async (...argv: string[]) => {
  const r = await runInProcess(argv, { env, cwd: tmp.dir });
  expect(r.code, `dgw ${argv.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
};

/** A column of every kind DuckDB stores, and values for it: ordinary, at the edges, NULL. */
const COLUMNS: Array<[string, string, string[]]> = [
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

/** Row r takes each column's r-th value (its last one once they run out); the last row is NULL everywhere. */
const ROWS = Math.max(...COLUMNS.map(([, , v]) => v.length));
const insert = () => {
  const rows = Array.from({ length: ROWS }, (_, r) => `(${COLUMNS.map(([, type, v]) => `(${v[Math.min(r, v.length - 1)]})::${type}`).join(', ')})`);
  rows.push(`(${COLUMNS.map(() => 'NULL').join(', ')})`);
  return `INSERT INTO svc.table.every VALUES ${rows.join(', ')}`;
};
const SELECT = 'SELECT * FROM svc.table.every ORDER BY i32 NULLS LAST, s NULLS LAST';

let viaPipe: string;
beforeAll(async () => {
  await dgw('sql', `CREATE TABLE svc.table.every (${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`);
  await dgw('sql', insert());
  await dgw('query', 'create', 'every_value', '--sql', SELECT, '-q');
  viaPipe = await dgw('sql', SELECT, '--format', 'csv');
});

describe('one CSV rule', () => {
  it('a value is DuckDB\'s text; NULL an empty field; the empty string ""; quoted only when it must be', () => {
    expect(viaPipe.split('\n')[0]).toBe(COLUMNS.map(([name]) => name).join(','));
    // The row of NULLs: nothing between the commas.
    expect(viaPipe.endsWith(`\n${','.repeat(COLUMNS.length - 1)}\n`)).toBe(true);
    expect(viaPipe).toContain(',483101.000,');
    expect(viaPipe).toContain(',"",');
    expect(viaPipe).toContain('1e-07');
    expect(viaPipe).toContain('"#hash"');
    expect(viaPipe).toContain(' leading and trailing ,');
  });

  it('every writer makes the same bytes', async () => {
    expect(await dgw('sql', SELECT, '--format', 'csv', '--limit', '1000')).toBe(viaPipe);
    // Columns whose texts no spreadsheet runs (negative numbers are numbers): --guard-formulas leaves them as they are.
    const plain = 'SELECT i64, d18, f64, ts, list FROM svc.table.every ORDER BY i32 NULLS LAST, s NULLS LAST';
    expect(await dgw('sql', plain, '--format', 'csv', '--guard-formulas')).toBe(await dgw('sql', plain, '--format', 'csv'));
    expect(await dgw('sql', "SELECT s FROM svc.table.every WHERE s = '=1+2'", '--format', 'csv', '--guard-formulas')).toBe("s\n'=1+2\n");
    expect(await dgw('query', 'run', 'every_value', '--format', 'csv')).toBe(viaPipe);
    const exported = path.join(tmp.dir, 'export.csv');
    await dgw('query', 'export', 'every_value', '-o', exported);
    expect(fs.readFileSync(exported, 'utf8')).toBe(viaPipe);
    const sample = await dgw('table', 'sample', 'every');
    expect(viaPipe.startsWith(sample.split('\n').slice(0, 1).join('\n'))).toBe(true);
  });

  it('where no named pipe can be made (no mkfifo), the same bytes come through the JSON answer', async () => {
    const saved = process.env.PATH;
    process.env.PATH = path.join(tmp.dir, 'no-such-bin');
    try {
      expect(await dgw('sql', SELECT, '--format', 'csv')).toBe(viaPipe);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('table import reads it back as it was: every value, NULL and the empty string apart', async () => {
    const file = path.join(tmp.dir, 'every.csv');
    fs.writeFileSync(file, viaPipe);
    await dgw('sql', 'CREATE TABLE svc.table.back AS SELECT * FROM svc.table.every WHERE false');
    await dgw('table', 'import', 'back', file);
    const count = async (sql: string) => (await dgw('sql', sql, '--format', 'csv')).split('\n')[1];
    expect(await count('SELECT count(*) FROM svc.table.back')).toBe(String(ROWS + 1));
    expect(await count('SELECT count(*) FROM (SELECT * FROM svc.table.every EXCEPT ALL SELECT * FROM svc.table.back)')).toBe('0');
    expect(await count('SELECT count(*) FROM (SELECT * FROM svc.table.back EXCEPT ALL SELECT * FROM svc.table.every)')).toBe('0');
    expect(await count("SELECT count(*) FROM svc.table.back WHERE s = ''")).toBe('1');
    expect(await dgw('sql', SELECT.replace('every', 'back'), '--format', 'csv')).toBe(viaPipe);
  });

  it("dgw's own writer (lists, and the hosted service's answers) follows the rule", () => {
    expect(csvLine([null, '', 'a', ' a ', 'a,b', 'a"b', 'a\nb', '#a', 1.5, true, { k: [1, 'x'] }])).toBe(',"",a, a ,"a,b","a""b","a\nb","#a",1.5,true,"{""k"":[1,""x""]}"');
    expect(csvField(undefined)).toBe('');
  });
});
