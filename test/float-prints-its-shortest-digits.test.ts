import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A FLOAT is printed by its shortest digits that read back as the same 32-bit float, in JSON, TSV and
// tables as in CSV (DuckDB's own text): 0.1, not the 0.10000000149011612 it widens to as a double.
const tmp = tempDir('dgw-float-digits-');
afterAll(() => tmp.remove());
const { dgw } = localCli(tmp.dir, 'spec');
const SQL = "SELECT 0.1::FLOAT AS f, 1e-7::FLOAT AS tiny, 3.4e38::FLOAT AS big, 16777217::FLOAT AS whole, [0.1::FLOAT, 2.5] AS list, 0.1::DOUBLE AS d";

it('JSON, TSV and CSV agree on a FLOAT written 0.1, in a list too, and each reads back as the same float', async () => {
  const [row] = JSON.parse(await dgw('sql', SQL, '--format', 'json'));
  expect(row).toEqual({ f: 0.1, tiny: 1e-7, big: 3.4e38, whole: 16777216, list: [0.1, 2.5], d: 0.1 });
  for (const [sql, value] of [['0.1::FLOAT', row.f], ['1e-7::FLOAT', row.tiny], ['3.4e38::FLOAT', row.big]]) {
    expect(Math.fround(value), sql).toBe(Number(await dgw('sql', `SELECT (${sql})::DOUBLE`, '--format', 'tsv')));
  }
  expect(await dgw('sql', SQL, '--format', 'tsv')).toBe('0.1\t1e-7\t3.4e+38\t16777216\t[0.1,2.5]\t0.1\n');
  expect((await dgw('sql', SQL, '--format', 'csv')).split('\n')[1]).toBe('0.1,1e-07,3.4e+38,16777216.0,"[0.1, 2.5]",0.1');
});
