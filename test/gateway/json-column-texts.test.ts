import { describe, expect, it } from 'vitest';
import { loadDuckDB } from '../../src/gateway/duckdb.js';
import { jsonColumnTexts, jsonTextWriter } from '../../src/gateway/json-text.js';

// Run SQL writes a chunk's values a column at a time, straight from DuckDB's vectors, by a loop
// chosen for the column's type (src/gateway/json-text.ts). Each loop must write exactly what the
// column's value writer writes (json-text-writers.test.ts holds that one to the converter): checked
// here over several chunks of each kind of column, NULLs among the values, for every loop and for
// the general one (the types without a loop of their own).

const COLUMNS = [
  'i % 2 = 0',
  '(i % 255)::UTINYINT',
  '(i * 7919 - 5000000)::INTEGER',
  '(i * 0.37)::DOUBLE',
  "CASE i % 5 WHEN 0 THEN 'nan'::DOUBLE WHEN 1 THEN 'infinity'::DOUBLE ELSE i / 3 END",
  '(i::BIGINT * 9007199254740)',
  '(i::HUGEINT * 17014118346046923173168730371588)',
  '(i / 7)::DECIMAL(18,3)',
  "TIMESTAMP '1700-01-01' + to_microseconds((hash(i) % 17356896000000000)::BIGINT)",
  "CASE WHEN i % 97 = 0 THEN 'infinity'::TIMESTAMP ELSE TIMESTAMP '0001-01-01' + INTERVAL (i) DAY END",
  "'row ' || i || CASE i % 4 WHEN 0 THEN ' \"quoted\"' WHEN 1 THEN chr(9) || '€' WHEN 2 THEN chr(0) ELSE '' END",
  "DATE '2026-01-01' + i::INTEGER",
  "TIMESTAMPTZ '2026-01-31 12:34:56+02' + INTERVAL (i) SECOND",
  '[i, NULL, i * 2]',
  "{'a': i, 'b': 'x' || i}",
  'INTERVAL (i) MINUTE',
];

describe('JSON column texts', () => {
  it('write every value of each column exactly as its value writer does, over several chunks, NULL included', async () => {
    const duck = await loadDuckDB();
    const instance = await duck.DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      let checked = 0;
      for (const expression of COLUMNS) {
        const result = await conn.run(`SELECT CASE WHEN i % 11 = 3 THEN NULL ELSE ${expression} END AS v FROM range(5000) t(i)`);
        const type = result.columnType(0);
        const write = jsonTextWriter(duck, type);
        const texts = jsonColumnTexts(duck, type);
        expect(result.chunkCount, expression).toBeGreaterThan(1);
        for (let c = 0; c < result.chunkCount; c++) {
          const chunk = result.getChunk(c);
          const out = new Array<string>(chunk.rowCount);
          texts(chunk.getColumnVector(0), chunk.rowCount, out);
          expect(out, `${expression} (${String(type)})`).toEqual(chunk.getColumnValues(0).map(write));
          checked += chunk.rowCount;
        }
      }
      expect(checked).toBe(COLUMNS.length * 5000);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
