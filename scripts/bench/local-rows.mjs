// The local-gateway rows of `npm run bench` (scripts/bench.mjs calls localRows):
//
// - `dgw sql "SELECT 1"` while `dgw serve` runs, against a bare `fetch` script sending the same
//   request to the same server;
// - in-process `--zone local` commands (sql, query list --json, catalog list --json) against a
//   bare Node script that imports @duckdb/node-api, opens the same database file, runs one
//   statement and prints its rows (duckdb-floor.mjs);
// - in-process `query list --json` with a folder of 10 CSV (or JSON) files connected, against the
//   same project without: every command opens every connection, and must not sniff each file again;
// - the scale rows: query create, query list --json, folder list --tree and folder mv of 500
//   queries, served and in-process, with 10,000 queries in 1,000 folders against the same
//   command with 10 queries in 10 folders (dataset.mjs makes both through dgw's own API).
//
// The folder mv row moves 500 queries each run, to /moved-a and /moved-b in turn: in the large
// data set 500 of its 10,000 queries (those of its first 50 folders), in the small one the 500
// queries of one more folder (/inbox) beside its 10 queries in 10 folders.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDataSet } from './dataset.mjs';
import { startServe } from './serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DGW = path.join(ROOT, 'bin', 'dgw.js');
const BENCH = path.join(ROOT, 'scripts', 'bench');
const KEY = 'bench-partner-key';

/** Sizes of the data sets: the issue's, or small ones for --check (which only proves the rows run). */
export function scaleSizes(check) {
  return check
    ? { big: { queries: 200, folders: 20, firstFolders: 5 }, moved: 50 }
    : { big: { queries: 10_000, folders: 1_000, firstFolders: 50 }, moved: 500 };
}

/**
 * Measures the rows; `compare` is measure.mjs's, `env` builds a child environment, `log` reports
 * progress. Returns the rows for the table (a `skipped` row where something cannot run).
 */
export async function localRows({ compare, env, tmp, runs, scaleRuns, check, log }) {
  const labels = [
    'dgw sql "SELECT 1" (dgw serve)',
    'dgw --zone local sql "SELECT 1"',
    'dgw --zone local query list --json',
    'dgw --zone local catalog list --json',
    ...['served', 'in-process'].flatMap((mode) => ['query create', 'query list --json', 'folder list --tree', 'folder mv (500 queries)'].map((c) => `10k: ${c}, ${mode}`)),
    '10k: the fetch script reading the query list, served',
    '10k: the fetch script moving 500 queries by folder path, served',
    'dgw --zone local query list --json, 10 CSV files connected',
    'dgw --zone local query list --json, 10 JSON files connected',
  ];
  try {
    await import('@duckdb/node-api');
  } catch {
    return labels.map((label) => ({ label, skipped: 'skipped: @duckdb/node-api not installed' }));
  }
  const sizes = scaleSizes(check);
  // `fixed` serves the rows that compare with a floor and is never changed; the others the scale rows.
  const dirs = { fixed: path.join(tmp, 'fixed'), small: path.join(tmp, 'small'), inbox: path.join(tmp, 'inbox'), big: path.join(tmp, 'big') };
  const serves = {};
  const rows = [];
  let ids;
  try {
    log(`making the data sets through dgw serve: 10 queries in 10 folders (twice); the same and ${sizes.moved} in /inbox; ${sizes.big.queries} queries in ${sizes.big.folders} folders...`);
    const started = process.hrtime.bigint();
    for (const name of Object.keys(dirs)) serves[name] = await startServe(dirs[name], KEY, { env: env() });
    const targets = ['moved-a', 'moved-b'];
    await makeDataSet(serves.fixed, { queries: 10, folders: 10 });
    await makeDataSet(serves.small, { queries: 10, folders: 10, targets });
    const inbox = await makeDataSet(serves.inbox, { queries: 10, folders: 10, extra: sizes.moved, targets });
    const big = await makeDataSet(serves.big, { ...sizes.big, targets });
    if (big.firstIds.length !== sizes.moved) throw new Error(`the large data set's first folders hold ${big.firstIds.length} queries, not ${sizes.moved}`);
    ids = { big: big.firstIds, inbox: inbox.extraIds };
    log(`  made in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);

    const local = (dir, extra = {}) => env({ DGW_LOCAL_DIR: dir, DGW_CONFIG_DIR: path.join(tmp, 'config'), DGW_ZONE: 'local', DGW_PROJECT: 'demo', DGW_API_KEY: KEY, ...extra });
    const dgw = (label, dir, args) => ({ label, args: typeof args === 'function' ? () => [DGW, ...args()] : [DGW, ...args], env: local(dir) });

    // Served: dgw finds the dgw serve holding its data folder (the lock file names its URL).
    const url = `${serves.fixed.baseUrl}/data/projects/demo/queries/execute?format=COMPACT`;
    log(`measuring dgw sql while dgw serve runs vs fetch script (${runs} pairs)...`);
    rows.push({
      label: labels[0],
      baseline: 'fetch script (POST)',
      target: 1.2,
      ...compare(
        { ...dgw('dgw sql', dirs.fixed, ['sql', 'SELECT 1 AS one']), check: (out) => expectOutput(out, '1\n', 'dgw sql') },
        { label: 'fetch POST', args: [path.join(BENCH, 'fetch.mjs'), 'POST', url, JSON.stringify({ statement: 'SELECT 1 AS one' })], env: local(dirs.fixed) },
        runs,
      ),
    });
    rows.push(...scaleRows({ mode: 'served', dgw, dirs, ids, compare, runs: scaleRuns, log }));
    // The floor of the served list row: a bare fetch of the same list, large against small (no target).
    const list = (dir) => ({ label: 'fetch GET', args: [path.join(BENCH, 'fetch.mjs'), 'GET', `${serves[dir].baseUrl}/data/projects/demo/queries`], env: local(dirs[dir]) });
    log(`measuring the fetch script reading the query list: ${sizes.big.queries} queries vs 10 (${scaleRuns} pairs)...`);
    rows.push({ label: labels[12], baseline: 'same, 10 queries', target: undefined, ...compare(list('big'), list('small'), scaleRuns, { rss: false }) });
    // The floor of the served folder mv row: the same two requests from a bare fetch script.
    const turns = { big: 0, inbox: 0 };
    const move = (dir) => ({
      label: 'fetch mv',
      args: () => [path.join(BENCH, 'fetch-mv.mjs'), serves[dir].baseUrl, 'demo', (turns[dir] += 1) % 2 ? 'moved-a' : 'moved-b', ...ids[dir]],
      env: local(dirs[dir]),
    });
    log(`measuring the fetch script moving ${sizes.moved} queries: ${sizes.big.queries} queries vs 10 (${scaleRuns} pairs)...`);
    rows.push({ label: labels[13], baseline: 'same, 10 queries', target: undefined, ...compare(move('big'), move('inbox'), scaleRuns, { rss: false }) });
  } finally {
    for (const server of Object.values(serves)) await server.stop();
  }

  // In-process: no dgw serve holds the folders now, so each command opens the gateway itself.
  const local = (dir) => env({ DGW_LOCAL_DIR: dir, DGW_CONFIG_DIR: path.join(tmp, 'config'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' });
  const dgw = (label, dir, args) => ({ label, args: typeof args === 'function' ? () => [DGW, ...args()] : [DGW, ...args], env: local(dir) });
  const file = path.join(dirs.fixed, 'projects', 'demo.duckdb');
  const floor = (label, sql) => ({ label, args: [path.join(BENCH, 'duckdb-floor.mjs'), file, sql], env: local(dirs.fixed) });
  for (const [label, args, sql, checkOut] of [
    [labels[1], ['sql', 'SELECT 1 AS one'], 'SELECT 1 AS one', (out) => expectOutput(out, '1\n', 'dgw sql')],
    [labels[2], ['query', 'list', '--json'], 'SELECT id, doc FROM _dgw.query_rows', (out) => expectCount(JSON.parse(out), 10, 'query list')],
    [labels[3], ['catalog', 'list', '--json'], 'SELECT 1 AS one', (out) => expectCount(JSON.parse(out), 2, 'catalog list')],
  ]) {
    log(`measuring ${label} vs a bare Node + DuckDB script (${runs} pairs)...`);
    rows.push({ label, baseline: 'Node + DuckDB script', target: 1.2, ...compare({ ...dgw(label, dirs.fixed, args), check: checkOut }, floor('duckdb floor', sql), runs) });
  }
  rows.push(...scaleRows({ mode: 'in-process', dgw, dirs, ids, compare, runs: scaleRuns, log }));
  // Every command opens every connection: a folder of files must not cost a sniff of each file each time.
  const list = (label, dir) => ({ ...dgw(label, dir, ['query', 'list', '--json']), check: (out) => expectCount(JSON.parse(out), 10, label) });
  for (const [label, type] of [[labels[14], 'csv'], [labels[15], 'json']]) {
    const connected = connectFolder(path.join(tmp, type), local, 10, type);
    log(`measuring ${label} vs the same without connections (${runs} pairs)...`);
    rows.push({ label, baseline: 'same, no connection', target: 1.2, ...compare(list('connected', connected), list('query list', dirs.fixed), runs) });
  }
  fs.rmSync(path.join(tmp, 'config'), { recursive: true, force: true });
  return rows;
}

/** A copy of the fixed data set with a folder of `count` CSV or JSON files (2,000 rows each) connected as catalog `files`; returns its data folder. */
function connectFolder(root, local, count, type) {
  const folder = path.join(root, 'files');
  fs.mkdirSync(folder, { recursive: true });
  const day = (i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')}`;
  const lines = Array.from({ length: 2000 }, (_, i) => (type === 'csv' ? `${i},name${i},${i * 1.5},${day(i)}` : JSON.stringify({ id: i, name: `name${i}`, amount: i * 1.5, day: day(i) })));
  const text = type === 'csv' ? `id,name,amount,day\n${lines.join('\n')}\n` : `${lines.join('\n')}\n`;
  for (let i = 1; i <= count; i++) fs.writeFileSync(path.join(folder, `t${i}.${type}`), text);
  const dir = path.join(root, 'data');
  fs.cpSync(path.join(path.dirname(root), 'fixed'), dir, { recursive: true });
  const made = spawnSync(process.execPath, [DGW, 'connection', 'create', 'files', '--type', type, '--field', `path=${folder}`], { env: local(dir), encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`connection create failed: ${made.stderr}`);
  return dir;
}

/** The four scale rows of one mode: each command with the large data set against the same with the small one. */
function scaleRows({ mode, dgw, dirs, ids, compare, runs, log }) {
  const rows = [];
  let created = 0;
  const create = (dir) => dgw('query create', dir, () => ['query', 'create', `Bench ${mode} ${(created += 1)}`, '--sql', 'SELECT 42 AS answer', '--json']);
  const turns = { big: 0, inbox: 0 };
  const mv = (which, dir) => dgw('folder mv', dir, () => ['folder', 'mv', ...ids[which], (turns[which] += 1) % 2 ? '/moved-a' : '/moved-b']);
  for (const [command, big, small] of [
    ['query create', create(dirs.big), create(dirs.small)],
    ['query list --json', dgw('query list', dirs.big, ['query', 'list', '--json']), dgw('query list', dirs.small, ['query', 'list', '--json'])],
    ['folder list --tree', dgw('folder list', dirs.big, ['folder', 'list', '--tree']), dgw('folder list', dirs.small, ['folder', 'list', '--tree'])],
    ['folder mv (500 queries)', mv('big', dirs.big), mv('inbox', dirs.inbox)],
  ]) {
    const label = `10k: ${command}, ${mode}`;
    log(`measuring ${label}: 10,000 queries in 1,000 folders vs 10 in 10 (${runs} pairs)...`);
    rows.push({ label, baseline: 'same, 10 queries', target: 1.3, ...compare(big, small, runs, { rss: false }) });
  }
  return rows;
}

function expectOutput(out, expected, label) {
  if (out !== expected) throw new Error(`${label} printed ${JSON.stringify(out)}, not ${JSON.stringify(expected)}`);
}

function expectCount(list, n, label) {
  if (!Array.isArray(list) || list.length !== n) throw new Error(`${label} printed ${Array.isArray(list) ? list.length : 'no'} items, not ${n}`);
}
