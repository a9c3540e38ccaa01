import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptReaders } from '../../src/gateway/project/kept-readers.js';
import { localCli } from '../support/local-cli.js';
import { tempDir } from './helpers.js';

// A connected CSV file is read with the dialect DuckDB's sniffer found, and a JSON file with the
// columns read_json found, kept beside the project's database by the file's size and its
// modification and change times: every command sniffed every connected file again (80 to 150 ms a
// CSV file, 8 to 50 ms a JSON one). The read must give what DuckDB's own detection gives.

const tmp = tempDir('dgw-csv-dialects-');
afterAll(() => tmp.remove());

const CSV_FILES: Record<string, string> = {
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

const lines = (n: number, row: (i: number) => unknown) => `${Array.from({ length: n }, (_, i) => JSON.stringify(row(i))).join('\n')}\n`;
const JSON_FILES: Record<string, string> = {
  'lines.json': lines(3, (i) => ({ id: i, name: `n${i}`, amount: i * 1.5 })),
  'array.json': JSON.stringify([{ a: 1, d: '2024-01-02' }, { a: 2, d: '2024-03-04' }]),
  'scalars.json': '[1, 2, 3]',
  'nested.json': lines(2, (i) => ({ tags: ['a', `b${i}`], meta: { k: i, ok: i % 2 === 0, deep: { x: [1, 2] } } })),
  'dates-and-times.json': lines(2, (i) => ({ day: `2024-01-0${i + 1}`, at: `2024-01-02 10:11:1${i}`, time: `10:11:1${i}`, us: `01/0${i + 1}/2024` })),
  'mixed-types.json': '{"v":1}\n{"v":"x"}\n{"v":null}\n{"v":2.5}\n',
  'keys-come-later.json': '{"a":1}\n{"a":2,"b":"late"}\n',
  "quotes'in\"names.json": '{"it\'s":1,"say \\"hi\\"":2}\n',
  'many-keys.json': lines(2, (i) => Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`k${k}`, k + i]))),
  'past-the-sample.json': `${lines(25000, (i) => ({ id: i }))}{"id":25000,"extra":"only here"}\n`,
  'big-numbers.json': '{"n":12345678901234567890,"f":1e300,"s":-0.0}\n',
};

let conn: DuckDBConnection;
let instance: DuckDBInstance;
beforeAll(async () => {
  for (const [name, text] of Object.entries({ ...CSV_FILES, ...JSON_FILES })) writeFileSync(join(tmp.dir, name), text);
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

describe('a CSV file read with its kept dialect', () => {
  it.each(Object.keys(CSV_FILES))('%s: the same columns, types and rows as DuckDB sniffing it', async (name) => {
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

describe('a JSON file read with its kept columns', () => {
  // A file read_json cannot read whole (a key past the rows it samples) fails the same way both ways.
  const outcome = (from: string) => read(from).catch((error: Error) => ({ error: error.message }));

  it.each(Object.keys(JSON_FILES))('%s: the same columns, types and rows as read_json detecting them', async (name) => {
    const path = join(tmp.dir, name);
    const reader = await new KeptReaders(undefined, 'test').reader(conn, path, 'json');
    expect(await outcome(reader)).toEqual(await outcome(`read_json('${path.replace(/'/g, "''")}')`));
  });

  it('lists the columns where that reads as detection does; a file longer than read_json samples is left to it', async () => {
    expect(await new KeptReaders(undefined, 'test').reader(conn, join(tmp.dir, 'nested.json'), 'json')).toContain(`columns = {'tags': 'VARCHAR[]', 'meta': 'STRUCT(`);
    // With columns listed, read_json drops a key it never saw: "extra" past the sample would vanish, not fail as it does.
    expect(await new KeptReaders(undefined, 'test').reader(conn, join(tmp.dir, 'past-the-sample.json'), 'json')).not.toContain('columns');
  });

  it('is kept by size and times: a file written again is read again; a tampered kept file is spelt as literals', async () => {
    const path = join(tmp.dir, 'changes.json');
    writeFileSync(path, '{"a":1}\n');
    const kept = join(tmp.dir, 'kept.json');
    const first = new KeptReaders(kept, 'v1');
    expect(await first.reader(conn, path, 'json')).toContain(`columns = {'a': 'BIGINT'}`);
    first.save();
    writeFileSync(path, '{"a":1,"b":"two"}\n');
    const second = new KeptReaders(kept, 'v1');
    expect(await second.reader(conn, path, 'json')).toContain(`'b': 'VARCHAR'`);
    second.save();
    const tampered = JSON.parse(readFileSync(kept, 'utf8'));
    tampered.files[path].json = [{ name: "c'}); SELECT 1; --", type: "BIGINT'); --" }];
    writeFileSync(kept, JSON.stringify(tampered));
    const spelt = await new KeptReaders(kept, 'v1').reader(conn, path, 'json');
    expect((await conn.extractStatements(`SELECT * FROM ${spelt}`)).count).toBe(1);
  });
});

describe('a connected folder of files, command after command', () => {
  const FOLDERS = {
    csv: {
      files: { 'orders.csv': 'id;amount\n1;2.50\n2;3.75\n', 'regions.csv': 'code,name\nDE,"Germany, Federal Republic"\n' },
      reads: [['SELECT sum(amount) FROM sales.main.orders', '6.25\n'], ['SELECT name FROM sales.main.regions', 'Germany, Federal Republic\n']],
      rewritten: ['orders.csv', 'id,amount,currency\n1,2.5,EUR\n', 'SELECT currency FROM sales.main.orders', 'EUR\n'],
    },
    json: {
      files: { 'clicks.json': '{"id":1,"ts":"2024-01-02 10:00:00"}\n{"id":2,"ts":"2024-01-02 11:00:00"}\n', 'users.json': '[{"name":"Ann","tags":["a"]}]' },
      reads: [['SELECT max(ts) FROM sales.main.clicks', '2024-01-02 11:00:00\n'], ['SELECT tags[1] FROM sales.main.users', 'a\n']],
      rewritten: ['clicks.json', '{"id":1,"page":"/home"}\n', 'SELECT page FROM sales.main.clicks', '/home\n'],
    },
  };

  it.each(Object.keys(FOLDERS) as Array<keyof typeof FOLDERS>)('%s: reads each file as before, a file rewritten with other columns included', async (type) => {
    const { files, reads, rewritten } = FOLDERS[type];
    const folder = join(tmp.dir, `sales-${type}`);
    mkdirSync(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const { dgw } = localCli(join(tmp.dir, `cli-${type}`), 'spec');
    await dgw('connection', 'create', 'sales', '--type', type, '--field', `path=${folder}`);
    for (const [sql, answer] of reads) expect(await dgw('sql', sql)).toBe(answer);
    const kept = JSON.parse(readFileSync(join(tmp.dir, `cli-${type}`, 'data-spec', 'projects', 'demo.duckdb.readers.json'), 'utf8'));
    expect(Object.keys(kept.files).sort()).toEqual(Object.keys(files).map((name) => join(folder, name)));
    const [name, text, sql, answer] = rewritten;
    writeFileSync(join(folder, name), text);
    expect(await dgw('sql', sql)).toBe(answer);
  });
});
