// The local-gateway row of `npm run bench`, run in its own process by scripts/bench.mjs.
//
// A (dgw): `dgw serve` (the built binary, its own process, on a fresh data folder) holds a stored
//   table svc.table.facts of 1,000,000 rows made through its run-SQL endpoint; each run is one
//   `POST /data/projects/demo/queries` over HTTP with queryType MATERIALIZED and
//   `SELECT k, sum(v) AS total FROM svc.table.facts GROUP BY k`, timed until the answer arrives
//   (the gateway materializes before it answers).
// B (baseline): the same data made the same way in a DuckDB database file opened directly with
//   @duckdb/node-api in this process; each run is `CREATE TABLE agg_<i> AS SELECT k, sum(v) ...`.
// Runs are paired and interleaved (A B, B A, ...) after one unmeasured run of each.
// Prints one JSON object on stdout: {a: [ms...], b: [ms...], rssA, rssB, note} or {skipped}.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 10);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROWS = 1_000_000;
const GROUPS = 10_000;
const MAKE = `SELECT i % ${GROUPS} AS k, i AS v FROM range(${ROWS}) t(i)`;
let tmp;
const done = (result) => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};

let duckdb;
try {
  duckdb = await import('@duckdb/node-api');
} catch {
  done({ skipped: 'skipped: @duckdb/node-api not installed' });
}

tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-bench-gw-'));
const KEY = 'bench-partner-key';
const rssFile = path.join(tmp, 'serve-rss');
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_')));
const serve = spawn(
  process.execPath,
  ['--require', path.join(ROOT, 'scripts', 'bench', 'maxrss.cjs'), path.join(ROOT, 'bin', 'dgw.js'), 'serve', '--port', '0', '--data-dir', path.join(tmp, 'gateway'), '--partner-key', KEY, '--json'],
  { env: { ...env, BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'pipe', 'pipe'] },
);
let serveErr = '';
serve.stderr.setEncoding('utf8').on('data', (c) => (serveErr += c));
const info = await new Promise((resolve, reject) => {
  let out = '';
  serve.stdout.setEncoding('utf8').on('data', (c) => {
    out += c;
    if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
  });
  serve.on('exit', (code) => reject(new Error(`dgw serve exited ${code}: ${serveErr}`)));
});

async function api(method, p, body) {
  const res = await fetch(`${info.baseUrl}/data/projects/demo${p}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return JSON.parse(text);
}

try {
  await api('POST', '/queries/execute', { statement: `CREATE TABLE svc.table.facts AS ${MAKE}` });
  const instance = await duckdb.DuckDBInstance.create(path.join(tmp, 'direct.duckdb'));
  const conn = await instance.connect();
  await conn.run(`CREATE TABLE facts AS ${MAKE}`);

  const aggregate = (from) => `SELECT k, sum(v) AS total FROM ${from} GROUP BY k`;
  let n = 0;
  const viaGateway = async () => {
    n += 1;
    const t0 = process.hrtime.bigint();
    const q = await api('POST', '/queries', { displayName: `Bench aggregate ${n}`, queryType: 'MATERIALIZED', inputQuery: aggregate('svc.table.facts') });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    return { ms, name: q.name };
  };
  const direct = async () => {
    n += 1;
    const t0 = process.hrtime.bigint();
    await conn.run(`CREATE TABLE agg_${n} AS ${aggregate('facts')}`);
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, name: `agg_${n}` };
  };

  // One unmeasured run each; both results are checked to hold every group.
  const first = await viaGateway();
  const counted = await api('POST', '/queries/execute', { statement: `SELECT count(*) AS n, sum(total) AS s FROM svc.mtquery.${first.name}` });
  const viaApi = JSON.stringify(counted).match(/\d+/g) ?? [];
  const d = await direct();
  const reader = await conn.runAndReadAll(`SELECT count(*) AS n, sum(total) AS s FROM ${d.name}`);
  const [[count, sum]] = reader.getRows();
  if (Number(count) !== GROUPS || !viaApi.includes(String(GROUPS)) || !viaApi.includes(String(sum))) {
    throw new Error(`results differ: gateway ${JSON.stringify(counted)}, direct ${count} groups, sum ${sum}`);
  }

  const a = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      a.push((await viaGateway()).ms);
      b.push((await direct()).ms);
    } else {
      b.push((await direct()).ms);
      a.push((await viaGateway()).ms);
    }
  }
  conn.closeSync();
  instance.closeSync();
  serve.kill('SIGINT');
  await new Promise((resolve) => serve.on('exit', resolve));
  const rssA = fs.existsSync(rssFile) ? Math.max(...fs.readFileSync(rssFile, 'utf8').trim().split('\n').map(Number)) / 1024 : undefined;
  const rssB = process.resourceUsage().maxRSS / 1024;
  done({
    a,
    b,
    rssA,
    rssB,
    note: `${ROWS.toLocaleString('en')} rows, ${GROUPS.toLocaleString('en')} groups; dgw = POST .../queries (MATERIALIZED) to \`dgw serve\` over HTTP on 127.0.0.1, baseline = CREATE TABLE AS on a DuckDB file opened directly; peak RSS = the dgw serve process / the process running DuckDB directly`,
  });
} catch (error) {
  serve.kill('SIGKILL');
  done({ skipped: `failed: ${String(error.message).split('\n')[0].slice(0, 200)}` });
}
