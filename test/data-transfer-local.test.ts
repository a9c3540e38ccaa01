import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDuckDB } from '../src/gateway/duckdb.js';
import { startDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { transferFolder } from './support/transfer-folder.js';

// Data in and out through the local gateway (in-process), as a user runs it, with files of a few
// hundred thousand rows made by DuckDB here: `table import`, `sql` in every streamed format and
// `query export` each give the row count and sums DuckDB itself reads from the same data.

const ROWS = 300_000;
const dir = tempDir('dgw-transfer-');
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway'), DGW_ZONE: 'local' };
const dgw = (args: string[], input?: string) => runAsBinaryWould(args, { env, input });
const csvFile = path.join(dir.dir, 'events.csv');

let instance: DuckDBInstance;
let duck: DuckDBConnection;

/** Count, sum of ids, sum of amounts and of name lengths, as DuckDB computes them over `from`. */
async function totals(from: string): Promise<string[]> {
  const reader = await duck.runAndReadAll(`SELECT count(*)::VARCHAR, sum(id)::VARCHAR, sum(amount)::DECIMAL(38,2)::VARCHAR, sum(length(name))::VARCHAR FROM ${from}`);
  return reader.getRows()[0].map(String);
}

/** The same totals through dgw sql, on the imported table. */
async function totalsThroughDgw(table: string): Promise<string[]> {
  const r = await dgw(['sql', `SELECT count(*)::VARCHAR, sum(id)::VARCHAR, sum(amount)::DECIMAL(38,2)::VARCHAR, sum(length(name))::VARCHAR FROM svc.table.${table}`]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim().split('\t');
}

beforeAll(async () => {
  const d = await loadDuckDB();
  instance = await d.DuckDBInstance.create(':memory:');
  duck = await instance.connect();
  // Quoted commas, quotes and line breaks in some names; decimals with 2 places; NULLs.
  await duck.run(`COPY (
      SELECT i AS id,
             CASE WHEN i % 997 = 0 THEN 'name, "quoted" ' || i || chr(10) || 'second line' ELSE 'name ' || i END AS name,
             CASE WHEN i % 101 = 0 THEN NULL ELSE ((i * 37) % 100000) / 100 END::DECIMAL(12,2) AS amount,
             DATE '2026-01-01' + (i % 365)::INTEGER AS day,
             i % 3 = 0 AS flag
      FROM range(${ROWS}) t(i)
    ) TO '${csvFile}' (HEADER)`);
});

afterAll(() => {
  duck?.closeSync();
  instance?.closeSync();
  dir.remove();
});

describe(`${ROWS} rows in and out of the local gateway`, () => {
  it('table import --create: every row, the same sums DuckDB reads from the file', async () => {
    const r = await dgw(['table', 'import', 'events', csvFile, '--create']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`imported ${ROWS} rows into events (created)`);
    const types = await dgw(['table', 'list', 'events', '--json']);
    expect(JSON.parse(types.stdout).map((c: { dataType: string }) => c.dataType)).toEqual(['bigint', 'varchar', 'decimal(18,3)', 'date', 'boolean']);
    expect(await totalsThroughDgw('events')).toEqual(await totals(`read_csv('${csvFile}')`));
  });

  it('dgw sql streams every row in CSV, TSV, JSON Lines and JSON (no cap at 100,000): the same sums', async () => {
    const expected = await totals(`read_csv('${csvFile}')`);
    const csv = await dgw(['sql', 'SELECT * FROM svc.table.events ORDER BY id', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const out = path.join(dir.dir, 'sql.csv');
    fs.writeFileSync(out, csv.stdout);
    expect(await totals(`read_csv('${out}')`)).toEqual(expected);

    const jsonl = await dgw(['sql', 'SELECT * FROM svc.table.events', '--format', 'jsonl']);
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const lines = jsonl.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(ROWS);
    // id is a BIGINT: a string in every row (docs/output.md), summed as numbers.
    expect(lines.reduce((s, l) => s + Number((JSON.parse(l) as { id: string }).id), 0)).toBe(Number(expected[1]));

    const json = await dgw(['sql', 'SELECT id, amount FROM svc.table.events', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout) as Array<{ id: number; amount: number | null }>;
    expect(rows).toHaveLength(ROWS);
    expect(rows.reduce((s, r) => s + Number(r.id), 0)).toBe(Number(expected[1]));
    expect(json.stderr).toBe('');

    const tsv = await dgw(['sql', 'SELECT id, name FROM svc.table.events', '--header']);
    expect(tsv.code, tsv.stderr).toBe(0);
    // Names with line breaks stay on their line: one line per row, and the header.
    expect(tsv.stdout.trimEnd().split('\n')).toHaveLength(ROWS + 1);

    const limited = await dgw(['sql', 'SELECT id FROM svc.table.events ORDER BY id', '--limit', '5']);
    expect([limited.code, limited.stdout]).toEqual([0, '0\n1\n2\n3\n4\n']);

    // A statement that fails after its first rows is never taken for a whole result.
    const failing = await dgw(['sql', "SELECT CASE WHEN id = 200000 THEN error('no more') ELSE id END AS n FROM svc.table.events", '--json']);
    expect(failing.code).toBe(6);
    expect(failing.stderr).toMatch(/the statement failed after its first rows|no more/);
    expect(() => JSON.parse(failing.stdout)).toThrow();
  });

  it('query export: CSV and gzip JSON Lines files with every row, the same sums', async () => {
    expect((await dgw(['query', 'create', 'Events', '--sql', 'SELECT * FROM svc.table.events'])).code).toBe(0);
    const expected = await totals(`read_csv('${csvFile}')`);
    const csv = path.join(dir.dir, 'export.csv');
    const r = await dgw(['query', 'export', 'events', '-o', csv]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`exported events: ${ROWS} rows`);
    expect(await totals(`read_csv('${csv}')`)).toEqual(expected);

    const jsonl = path.join(dir.dir, 'export.jsonl.gz');
    const j = await dgw(['query', 'export', 'events', '--format', 'jsonl', '--gzip', '--columns', 'id,amount,name', '-o', jsonl]);
    expect(j.code, j.stderr).toBe(0);
    const plain = path.join(dir.dir, 'export.jsonl');
    fs.writeFileSync(plain, gunzipSync(fs.readFileSync(jsonl)));
    // id (BIGINT) and amount (the import's wide DECIMAL) are strings in every line (docs/output.md), read back as numbers.
    expect(await totals(`(SELECT id::BIGINT AS id, amount::DECIMAL(38,3) AS amount, name FROM read_json('${plain}', columns = {id: 'VARCHAR', amount: 'VARCHAR', name: 'VARCHAR'}))`)).toEqual(expected);
    expect(JSON.parse(fs.readFileSync(plain, 'utf8').split('\n')[0])).toEqual({ id: '0', amount: null, name: 'name, "quoted" 0\nsecond line' });
    // Nothing is left beside the files but them.
    expect(fs.readdirSync(dir.dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('query export waits by held polls: each status read after the first is answered when the job ends (waitMs), not at the next interval', async () => {
    const out = path.join(dir.dir, 'held.csv');
    const r = await dgw(['--debug', 'query', 'export', 'events', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    const reads = r.stderr.split('\n').filter((l) => /^→ GET .*\/exports\/[0-9a-f-]+(\?|$)/.test(l));
    expect(reads.length, r.stderr).toBeGreaterThanOrEqual(1);
    expect(reads[0]).not.toContain('waitMs');
    for (const read of reads.slice(1)) expect(read).toMatch(/\?waitMs=\d+$/);
    expect(r.stderr).toContain(`exported events: ${ROWS} rows`);
    fs.rmSync(out);
  });

  it('query export -o makes a copy of the export\'s file, never shares it: changing the copy changes nothing the link serves', async () => {
    const out = path.join(dir.dir, 'copy.csv');
    const r = await dgw(['query', 'export', 'events', '-o', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { id } = JSON.parse(r.stdout) as { id: string };
    const folder = path.join(transferFolder(env.DGW_LOCAL_DIR), 'exports', id);
    const [served] = fs.readdirSync(folder).filter((f) => f.endsWith('.csv'));
    const original = fs.readFileSync(path.join(folder, served));
    expect(fs.readFileSync(out).equals(original)).toBe(true);
    // Two files, each with one name: no hard link between them.
    const [a, b] = [fs.statSync(out), fs.statSync(path.join(folder, served))];
    expect(a.ino === b.ino && a.dev === b.dev).toBe(false);
    expect([a.nlink, b.nlink]).toEqual([1, 1]);

    fs.appendFileSync(out, 'changed by the user\n');
    fs.writeFileSync(out, 'rewritten', { flag: 'r+' });
    // The data folder's file kept for its owner alone: the user's copy still gets the mode of a new file of theirs.
    fs.chmodSync(path.join(folder, served), 0o600);
    const again = path.join(dir.dir, 'again.csv');
    const g = await dgw(['export', 'get', id, '-o', again]);
    expect(g.code, g.stderr).toBe(0);
    expect(fs.readFileSync(again).equals(original)).toBe(true);
    const probe = path.join(dir.dir, 'probe');
    fs.writeFileSync(probe, '', { mode: 0o644 });
    expect((fs.statSync(again).mode & 0o777).toString(8)).toBe((fs.statSync(probe).mode & 0o777).toString(8));
    fs.rmSync(probe);
    expect(fs.readFileSync(path.join(folder, served)).equals(original)).toBe(true);
    fs.rmSync(out);
    fs.rmSync(again);
  });

  it('Ctrl-C while the export runs, and as its download begins: exit 130 with nothing under -o, or 0 with the whole file; never part of one', async () => {
    const expected = await totals(`read_csv('${csvFile}')`);
    for (const moment of ['→ POST', 'a download link']) {
      const out = path.join(dir.dir, 'stopped.csv');
      const run = startDgw(['--debug', 'query', 'export', 'events', '-o', out], { env });
      await run.waitForOutput(moment, 60_000);
      run.child.kill('SIGINT');
      const { code } = await run.exited;
      expect([0, 130], run.stderr()).toContain(code);
      if (moment === '→ POST') expect(code, run.stderr()).toBe(130);
      if (code === 130) expect(run.stderr()).toMatch(/^error: interrupted$/m);
      if (fs.existsSync(out)) expect(await totals(`read_csv('${out}')`)).toEqual(expected);
      expect(fs.readdirSync(dir.dir).filter((f) => f.startsWith('.'))).toEqual([]);
      fs.rmSync(out, { force: true });
    }
  });
});

describe('bad input: a clear error, a documented exit code, nothing half done', () => {
  const file = (name: string, content: string | Buffer) => {
    const f = path.join(dir.dir, name);
    fs.writeFileSync(f, content);
    return f;
  };
  const count = async () => (await dgw(['sql', 'SELECT count(*) FROM svc.table.events'])).stdout.trim();

  it('a ragged row deep in a big file: exit 6 naming its line, and the table exactly as before', async () => {
    const lines = fs.readFileSync(csvFile, 'utf8').split('\n');
    // The data has quoted line breaks: the line an editor shows is counted by newlines.
    const at = 250_000;
    const ragged = [...lines.slice(0, at), '999999999,too few', ...lines.slice(at)].join('\n');
    const before = await count();
    const r = await dgw(['table', 'import', 'events', file('ragged.csv', ragged)]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`line ${at + 1}: it has 2 fields, where the file's first line has 5 (the line: 999999999,too few)`);
    expect(r.stderr).toContain('nothing was imported');
    expect(await count()).toBe(before);
  });

  it('a wrong type, and bytes that are not UTF-8 past the first MiB: exit 6, the table as before', async () => {
    const before = await count();
    const wrong = await dgw(['table', 'import', 'events', file('wrong.csv', 'id,name,amount,day,flag\n1,a,1.5,2026-01-01,true\n2,b,many,2026-01-02,false\n')]);
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toContain('line 3: "many" in column "amount" is not a DECIMAL(18,3)');
    const head = `id,name,amount,day,flag\n${'1,padding padding padding,1.5,2026-01-01,true\n'.repeat(30_000)}`;
    const late = Buffer.concat([Buffer.from(head), Buffer.from('2,caf'), Buffer.from([0xe9]), Buffer.from(',2.5,2026-01-02,false\n')]);
    const encoding = await dgw(['table', 'import', 'events', file('late-latin1.csv', late)]);
    expect(encoding.code).toBe(6);
    expect(encoding.stderr).toContain('line 30002: it is not UTF-8 text');
    expect(await count()).toBe(before);
  });

  it('bad files found before anything is sent: exit 2 (empty, UTF-16, Latin-1 at the start, missing)', async () => {
    const cases: Array<[string, RegExp]> = [
      [file('empty.csv', ''), /empty.csv is empty: there is nothing to import/],
      [file('bom-only.csv', '\ufeff'), /bom-only.csv is empty: there is nothing to import/],
      [file('utf16.csv', Buffer.from('\ufeffid,name\n1,a\n', 'utf16le')), /is UTF-16 or UTF-32 text; import takes UTF-8/],
      [file('latin1.csv', Buffer.from([...Buffer.from('id,name\n1,'), 0xe9, 0x0a])), /latin1.csv is not UTF-8 text: line 2 holds bytes that are not UTF-8/],
      [path.join(dir.dir, 'no-such-file.csv'), /error: \/.*no-such-file.csv does not exist \(ENOENT\)/],
    ];
    for (const [f, message] of cases) {
      const r = await dgw(['table', 'import', 'events', f]);
      expect([r.code, r.stderr], f).toEqual([2, expect.stringMatching(message)]);
    }
  });

  it('a missing table is exit 4; --create that fails leaves no table behind', async () => {
    const ok = file('ok.csv', 'id,name\n1,a\n');
    const missing = await dgw(['table', 'import', 'nosuchtable', ok]);
    expect([missing.code, missing.stderr]).toEqual([4, expect.stringMatching(/table nosuchtable not found/)]);
    const bad = await dgw(['table', 'import', 'fresh', file('fresh.csv', `id,day\n${'1,2026-01-01\n'.repeat(3000)}2,not a day\n`), '--create']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('line 3002: "not a day" in column "day" is not a DATE');
    expect((await dgw(['table', 'list', '-q'])).stdout.split('\n')).not.toContain('fresh');
  });

  it('an export of an unknown query is exit 4 and writes nothing', async () => {
    const out = path.join(dir.dir, 'never.csv');
    const r = await dgw(['query', 'export', 'nosuchquery', '-o', out]);
    expect([r.code, r.stderr]).toEqual([4, expect.stringMatching(/no query named "nosuchquery"/)]);
    const byId = await dgw(['query', 'export', '709922802836177297', '-o', out]);
    expect([byId.code, byId.stderr]).toEqual([4, expect.stringMatching(/query 709922802836177297 not found/)]);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(dir.dir).filter((f) => f.includes('never'))).toEqual([]);
  });

  it('an export whose query fails as it runs is exit 10 with DuckDB\'s reason (only a full disk is exit 13), and writes nothing', async () => {
    expect((await dgw(['query', 'create', 'Breaks', '--sql', "SELECT CAST(CASE WHEN i < 5000 THEN '1' ELSE 'x' END AS INTEGER) AS n FROM range(10000) t(i)"])).code).toBe(0);
    const out = path.join(dir.dir, 'breaks.csv');
    const r = await dgw(['query', 'export', 'breaks', '-o', out]);
    expect([r.code, r.stderr]).toEqual([10, expect.stringMatching(/export \S+ failed: Conversion Error/)]);
    expect(fs.existsSync(out)).toBe(false);
  });
});
