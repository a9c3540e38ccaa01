import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../src/output/csv.js';
import { tempDir } from './support/dgw.js';
import { COLUMNS, insertStatement, rowCount } from './support/every-type.js';
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

const ROWS = rowCount(COLUMNS);
const SELECT = 'SELECT * FROM svc.table.every ORDER BY i32 NULLS LAST, s NULLS LAST';

let viaPipe: string;
beforeAll(async () => {
  await dgw('sql', `CREATE TABLE svc.table.every (${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`);
  await dgw('sql', insertStatement('svc.table.every', COLUMNS));
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
