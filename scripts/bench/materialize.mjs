// The local-gateway rows of `npm run bench`, each run in its own process by scripts/bench.mjs:
// `node materialize.mjs <pairs> <workload> [rows] [warmup]`, workload `orders` or `light` (WORKLOADS
// below); rows 1,000,000 and 3 unmeasured runs unless given (`--check` gives few of both).
//
// A (dgw): `dgw serve` (the built binary, its own process, on a fresh data folder) holds a stored
//   table of <rows> rows made through its run-SQL endpoint; each run is one
//   `POST /data/projects/demo/queries` over HTTP with queryType MATERIALIZED and the workload's
//   aggregate, timed until the answer arrives (the gateway materializes before it answers).
// B (baseline): the same data made the same way in a DuckDB database file opened directly with
//   @duckdb/node-api in this process; each run is `CREATE TABLE agg_<i> AS <the same aggregate>`.
// Both results are checked to be equal. Then WARMUP unmeasured runs of each, then the pairs,
// interleaved (A B, B A, ...).
// Prints one JSON object on stdout: {a: [ms...], b: [ms...], rssA, rssB, note} or {skipped}.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 10);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROWS = Number(process.argv[4] ?? 1_000_000);
const WARMUP = Number(process.argv[5] ?? 3);
const SIZE = ROWS.toLocaleString('en');

/**
 * `orders`: the demo project's orders table scaled to <rows> rows (10,000 customers, a year of
 *   dates, five statuses), and a materialized query of the kind the gateway is for: orders,
 *   revenue, average order and returns per customer and month (about 120,000 groups at a million).
 * `light`: about the cheapest aggregate there is, one sum over 10,000 groups of two integer
 *   columns; the work is so small that fixed costs per request dominate.
 * `check` reads the result back as text, so both sides compare exactly.
 */
const WORKLOADS = {
  orders: {
    table: 'orders_1m',
    make: `SELECT i AS order_id, (i * 7919) % 10000 AS customer_id, DATE '2026-01-01' + CAST(i % 365 AS INTEGER) AS order_date,
             CAST(((i * 31) % 100000) / 100 AS DECIMAL(12,2)) AS amount, ['placed','paid','shipped','delivered','returned'][1 + i % 5] AS status
           FROM range(${ROWS}) t(i)`,
    aggregate: (from) => `SELECT customer_id, date_trunc('month', order_date) AS month, count(*) AS orders, sum(amount) AS revenue,
                            avg(amount) AS avg_order, count(*) FILTER (WHERE status = 'returned') AS returns
                          FROM ${from} GROUP BY ALL`,
    check: (from) => `SELECT count(*)::VARCHAR AS n, (sum(orders)::VARCHAR || '/' || sum(revenue)::VARCHAR || '/' || sum(returns)::VARCHAR) AS s FROM ${from}`,
    note: `orders, revenue, average order and returns per customer and month over the demo orders table scaled to ${SIZE} rows`,
  },
  light: {
    table: 'facts',
    make: `SELECT i % 10000 AS k, i AS v FROM range(${ROWS}) t(i)`,
    aggregate: (from) => `SELECT k, sum(v) AS total FROM ${from} GROUP BY k`,
    check: (from) => `SELECT count(*)::VARCHAR AS n, sum(total)::VARCHAR AS s FROM ${from}`,
    note: `one sum over 10,000 groups of ${SIZE} rows of two integers`,
  },
};
const workload = WORKLOADS[process.argv[3] ?? 'orders'];
if (!workload) throw new Error(`unknown workload ${process.argv[3]}; one of ${Object.keys(WORKLOADS).join(', ')}`);
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
  const { table, make, aggregate, check } = workload;
  await api('POST', '/queries/execute', { statement: `CREATE TABLE svc.table.${table} AS ${make}` });
  const instance = await duckdb.DuckDBInstance.create(path.join(tmp, 'direct.duckdb'));
  const conn = await instance.connect();
  await conn.run(`CREATE TABLE ${table} AS ${make}`);

  let n = 0;
  const viaGateway = async () => {
    n += 1;
    const t0 = process.hrtime.bigint();
    const q = await api('POST', '/queries', { displayName: `Bench aggregate ${n}`, queryType: 'MATERIALIZED', inputQuery: aggregate(`svc.table.${table}`) });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    return { ms, name: q.name };
  };
  const direct = async () => {
    n += 1;
    const t0 = process.hrtime.bigint();
    await conn.run(`CREATE TABLE agg_${n} AS ${aggregate(table)}`);
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, name: `agg_${n}` };
  };

  // Both results hold the same rows (compared as text), then the unmeasured runs.
  const g = await viaGateway();
  const viaApi = await api('POST', '/queries/execute?format=COMPACT', { statement: check(`svc.mtquery.${g.name}`) });
  const d = await direct();
  const directly = (await conn.runAndReadAll(check(d.name))).getRows();
  if (JSON.stringify(viaApi.data) !== JSON.stringify(directly)) {
    throw new Error(`results differ: gateway ${JSON.stringify(viaApi.data)}, direct ${JSON.stringify(directly)}`);
  }
  for (let i = 1; i < WARMUP; i++) {
    await viaGateway();
    await direct();
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
    note: `${workload.note}; dgw = POST .../queries (MATERIALIZED) to \`dgw serve\` over HTTP on 127.0.0.1, baseline = CREATE TABLE AS on a DuckDB file opened directly; ${WARMUP} unmeasured runs each first; peak RSS = the dgw serve process / the process running DuckDB directly`,
  });
} catch (error) {
  serve.kill('SIGKILL');
  done({ skipped: `failed: ${String(error.message).split('\n')[0].slice(0, 200)}` });
}
