import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptReaders } from '../../src/gateway/project/kept-readers.js';
import { localCli } from '../support/local-cli.js';
import { tempDir } from './helpers.js';

// A connected CSV file is read with the dialect DuckDB's sniffer found, kept beside the project's
// database by the file's size and its modification and change times: every command sniffed every connected file
// (80 to 150 ms each). The read must give what DuckDB's own sniffing read gives.

const tmp = tempDir('dgw-csv-dialects-');
afterAll(() => tmp.remove());

const FILES: Record<string, string> = {
  'semicolons.csv': 'when;who;"note"\n2024-01-02 10:00:00;"a;b";"x ""q"""\n2024-01-03 11:00:00;c;\n',
  "quotes'in'names.csv": 'a\'b,c"d,e\n1,2,3\n',
  'crlf-tabs.csv': 'a\tb\r\n1\t2023-01-02 03:04:05\r\n',
  'no-header.csv': '1,2\n3,4\n',
  'header-only.csv': 'a,b\n',
  'bom.csv': '\ufeffid,name\n1,Zoë\n',
  'comment-line.csv': '# made by hand\nx|y\n1|"p|q"\n',
  'day-first.csv': 'd,t\n13/02/2024,13:45\n03/04/2024,09:00\n',
  'numbers.csv': 'n,v,big\n1,1.5,12345678901234567890\n2,NaN,1\n3,,2\n',
  'time-zones.csv': 'at,b\n2024-01-02 10:00:00+02,true\n2024-01-03 11:30:00.123+00,false\n',
  'line-breaks-in-quotes.csv': 'a,b\n"line1\nline2",2\n"x",3\n',
  'backslash-escape.csv': 'a,b\n"x\\"y",1\n',
  'names-twice-or-none.csv': 'a,a,,b\n1,2,3,4\n',
  'sixty-columns.csv': `${Array.from({ length: 60 }, (_, c) => `c${c}`).join(',')}\n${Array.from({ length: 60 }, (_, c) => c).join(',')}\n`,
};

describe('a CSV file read with its kept dialect', () => {
  let conn: DuckDBConnection;
  let instance: DuckDBInstance;
  beforeAll(async () => {
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(tmp.dir, name), text);
    instance = await DuckDBInstance.create(':memory:');
    conn = await instance.connect();
  });
  afterAll(() => {
    conn.closeSync();
    instance.closeSync();
  });

  const read = async (from: string) => {
    const result = await conn.runAndReadAll(`SELECT * FROM ${from}`);
    return { columns: result.columnNames().map((n, i) => `${n} ${result.columnType(i)}`), rows: result.getRowsJS() };
  };

  it.each(Object.keys(FILES))('%s: the same columns, types and rows as DuckDB sniffing it', async (name) => {
    const path = join(tmp.dir, name);
    const dialects = new KeptReaders(undefined, 'test');
    const spelt = await dialects.reader(conn, path, 'csv');
    expect(spelt).toContain('auto_detect = false');
    expect(await read(spelt)).toEqual(await read(`read_csv('${path.replace(/'/g, "''")}')`));
  });

  it('is kept by size and modification time: a file written again is sniffed again, and a kept file that is not JSON is ignored', async () => {
    const path = join(tmp.dir, 'changes.csv');
    const kept = join(tmp.dir, 'kept.json');
    writeFileSync(path, 'a,b\n1,2\n');
    const first = new KeptReaders(kept, 'v1');
    expect(await first.reader(conn, path, 'csv')).toContain(`columns = {'a': 'BIGINT', 'b': 'BIGINT'}`);
    first.save();
    expect(Object.keys(JSON.parse(readFileSync(kept, 'utf8')).files)).toEqual([path]);
    // The same size, other columns; the time moved on: read again.
    writeFileSync(path, 'c,d\nx,y\n');
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(await new KeptReaders(kept, 'v1').reader(conn, path, 'csv')).toContain(`columns = {'c': 'VARCHAR', 'd': 'VARCHAR'}`);
    // Kept by another DuckDB, or damaged: sniffed afresh.
    expect(await new KeptReaders(kept, 'v2').reader(conn, path, 'csv')).toContain(`'c': 'VARCHAR'`);
    writeFileSync(kept, '{not json');
    expect(await new KeptReaders(kept, 'v1').reader(conn, path, 'csv')).toContain(`'c': 'VARCHAR'`);
  });

  it('sniffs again a file rewritten to the same size with its modification time set back (rsync -t, cp -p, tar x)', async () => {
    const path = join(tmp.dir, 'time-set-back.csv');
    const kept = join(tmp.dir, 'kept-set-back.json');
    // A whole second, which utimes sets exactly (a Date carries no nanoseconds).
    const then = new Date('2026-01-02T03:04:05Z');
    writeFileSync(path, 'a,b\n1,2\n');
    utimesSync(path, then, then);
    const first = new KeptReaders(kept, 'v1');
    expect(await first.reader(conn, path, 'csv')).toContain(`columns = {'a': 'BIGINT', 'b': 'BIGINT'}`);
    first.save();
    writeFileSync(path, 'c;d\nx;y\n');
    utimesSync(path, then, then);
    expect(statSync(path, { bigint: true }).mtimeNs).toBe(BigInt(then.getTime()) * 1_000_000n);
    const again = await new KeptReaders(kept, 'v1').reader(conn, path, 'csv');
    expect(again).toContain(`columns = {'c': 'VARCHAR', 'd': 'VARCHAR'}`);
    expect(await read(again)).toEqual({ columns: ['c VARCHAR', 'd VARCHAR'], rows: [['x', 'y']] });
  });

  it('a kept file that cannot be written leaves nothing behind and fails nothing', async () => {
    const path = join(tmp.dir, 'unwritable.csv');
    writeFileSync(path, 'a\n1\n');
    const folder = join(tmp.dir, 'kept-is-a-folder');
    mkdirSync(join(folder, 'kept.json'), { recursive: true });
    const dialects = new KeptReaders(join(folder, 'kept.json'), 'v1');
    await dialects.reader(conn, path, 'csv');
    expect(() => dialects.save()).not.toThrow();
    expect(readdirSync(folder)).toEqual(['kept.json']);
  });

  it('spells a tampered kept dialect as literals: a name or format cannot end the call', async () => {
    const path = join(tmp.dir, 'plain.csv');
    writeFileSync(path, 'a\n1\n');
    const kept = join(tmp.dir, 'tampered.json');
    const first = new KeptReaders(kept, 'v1');
    await first.reader(conn, path, 'csv');
    first.save();
    const data = JSON.parse(readFileSync(kept, 'utf8'));
    const dialect = data.files[path].dialect;
    Object.assign(dialect, { delim: "'); SELECT 1; --", header: 'true) --', skip: '1); --', columns: [{ name: "a'); --", type: 'BIGINT' }] });
    writeFileSync(kept, JSON.stringify(data));
    const spelt = await new KeptReaders(kept, 'v1').reader(conn, path, 'csv');
    expect(spelt).toContain(`delim = '''); SELECT 1; --'`);
    expect(spelt).toContain('header = false');
    expect(spelt).toContain('skip = 0');
    // One call to read_csv, whatever DuckDB then makes of the options.
    expect((await conn.extractStatements(`SELECT * FROM ${spelt}`)).count).toBe(1);
  });
});

describe('a connected folder of CSV files, command after command', () => {
  it('reads each file as before, a file rewritten with other columns included', async () => {
    const folder = join(tmp.dir, 'sales');
    mkdirSync(folder);
    writeFileSync(join(folder, 'orders.csv'), 'id;amount\n1;2.50\n2;3.75\n');
    writeFileSync(join(folder, 'regions.csv'), 'code,name\nDE,"Germany, Federal Republic"\n');
    const { dgw } = localCli(join(tmp.dir, 'cli'), 'spec');
    await dgw('connection', 'create', 'sales', '--type', 'csv', '--field', `path=${folder}`);
    expect(await dgw('sql', 'SELECT sum(amount) FROM sales.main.orders')).toBe('6.25\n');
    expect(await dgw('sql', 'SELECT name FROM sales.main.regions')).toBe('Germany, Federal Republic\n');
    const kept = JSON.parse(readFileSync(join(tmp.dir, 'cli', 'data-spec', 'projects', 'demo.duckdb.readers.json'), 'utf8'));
    expect(Object.keys(kept.files).sort()).toEqual([join(folder, 'orders.csv'), join(folder, 'regions.csv')]);
    writeFileSync(join(folder, 'orders.csv'), 'id,amount,currency\n1,2.5,EUR\n');
    expect(await dgw('sql', 'SELECT currency FROM sales.main.orders')).toBe('EUR\n');
  });
});
