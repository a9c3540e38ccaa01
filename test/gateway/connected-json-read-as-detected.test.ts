import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptReaders } from '../../src/gateway/project/kept-readers.js';
import { localCli } from '../support/local-cli.js';
import { tempDir } from './helpers.js';

// A connected JSON file is read with the columns read_json found, kept beside the project's
// database by the file's size and times: every command had read_json infer every connected file's
// columns again (8 ms a 2,000-line file, 50 ms a 50,000-line one). The read must give what
// read_json's own detection gives; where it would not, detection is kept.

const tmp = tempDir('dgw-json-readers-');
afterAll(() => tmp.remove());

const lines = (n: number, row: (i: number) => unknown) => `${Array.from({ length: n }, (_, i) => JSON.stringify(row(i))).join('\n')}\n`;
const FILES: Record<string, string> = {
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

describe('a JSON file read with its kept columns', () => {
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

  // A file read_json cannot read whole (a key past the rows it samples) fails the same way both ways.
  const read = async (from: string) => {
    try {
      const result = await conn.runAndReadAll(`SELECT * FROM ${from}`);
      return { columns: result.columnNames().map((n, i) => `${n} ${result.columnType(i)}`), rows: result.getRowsJS() };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };

  it.each(Object.keys(FILES))('%s: the same columns, types and rows as read_json detecting them', async (name) => {
    const path = join(tmp.dir, name);
    const reader = await new KeptReaders(undefined, 'test').reader(conn, path, 'json');
    expect(await read(reader)).toEqual(await read(`read_json('${path.replace(/'/g, "''")}')`));
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

describe('a connected folder of JSON files, command after command', () => {
  it('reads each file as before, a file rewritten with another key included', async () => {
    const folder = join(tmp.dir, 'events');
    mkdirSync(folder);
    writeFileSync(join(folder, 'clicks.json'), '{"id":1,"ts":"2024-01-02 10:00:00"}\n{"id":2,"ts":"2024-01-02 11:00:00"}\n');
    writeFileSync(join(folder, 'users.json'), '[{"name":"Ann","tags":["a"]}]');
    const { dgw } = localCli(join(tmp.dir, 'cli'), 'spec');
    await dgw('connection', 'create', 'events', '--type', 'json', '--field', `path=${folder}`);
    expect(await dgw('sql', 'SELECT max(ts) FROM events.main.clicks')).toBe('2024-01-02 11:00:00\n');
    expect(await dgw('sql', 'SELECT tags[1] FROM events.main.users')).toBe('a\n');
    const kept = JSON.parse(readFileSync(join(tmp.dir, 'cli', 'data-spec', 'projects', 'demo.duckdb.readers.json'), 'utf8'));
    expect(Object.keys(kept.files).sort()).toEqual([join(folder, 'clicks.json'), join(folder, 'users.json')]);
    expect(await dgw('sql', 'SELECT count(*) FROM events.main.clicks')).toBe('2\n');
    writeFileSync(join(folder, 'clicks.json'), '{"id":1,"page":"/home"}\n');
    expect(await dgw('sql', 'SELECT page FROM events.main.clicks')).toBe('/home\n');
  });
});
