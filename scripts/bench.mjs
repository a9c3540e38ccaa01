#!/usr/bin/env node
// `npm run bench`: measures dgw against the floor it stands on and prints one table.
//
// Every number is a median over paired, interleaved runs (A B, B A, A B, ...) of dgw and its
// baseline, measured in this same run on this same machine with this same Node binary
// (process.execPath). Timings are wall-clock from spawn to exit (process.hrtime.bigint around
// spawnSync). The ratio is the median over the pairs of dgw time / baseline time. Nothing is
// hard-coded: a part that cannot run says so in the table.
//
// Flags: --runs N (pairs per start-up, remote and in-process row, default 20, at least 10)
//        --scale-runs N (pairs per row of 10,000 queries, default 20, at least 5)
//        --gateway-runs N (pairs for the materialization row, default 15)
//        --data-runs N (pairs for the data rows: export, import, sql, run-SQL; default 10)
//        --data-rows N (rows of the data rows' table; default 1,000,000)
//        --no-local, --no-gateway, --no-data, --no-cache, --no-memory, --no-footprint (skip the
//          local-gateway rows, the materialization rows, the data rows, the cache row, the dgw serve
//          memory row or the install footprint; the table says they were skipped)
//        --check (one pair per row, small data sets: proves every row runs; the numbers mean nothing)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { footprint } from './bench/footprint.mjs';
import { localRows } from './bench/local-rows.mjs';
import { childEnv, measurer } from './bench/measure.mjs';
import { median, pairedRatio } from './bench/stats.mjs';

const started = process.hrtime.bigint();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DGW = path.join(ROOT, 'bin', 'dgw.js');
const BENCH = path.join(ROOT, 'scripts', 'bench');
const NODE = process.execPath;

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const num = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
// --check: one pair per row and one memory run, to prove every row still runs (test/bench-check.test.ts).
// Its numbers are not measurements, and the output says so.
const CHECK = flag('--check');
const RUNS = CHECK ? 1 : Math.max(10, num('--runs', 20));
const SCALE_RUNS = CHECK ? 1 : Math.max(5, num('--scale-runs', 20));
const GATEWAY_RUNS = CHECK ? 1 : Math.max(10, num('--gateway-runs', 15));
const MEMORY_RUNS = CHECK ? 1 : 3;
const SERVE_CREATES = CHECK ? 20 : 1000;
// --check materializes a small table, once unmeasured: the row proves its path, not its speed.
const MATERIALIZE_ROWS = CHECK ? 20_000 : 1_000_000;
const MATERIALIZE_WARMUP = CHECK ? 1 : 3;
/** 1000000 as `1M`, 20000 as `20,000`: the size in a row's label. */
const millions = (n) => (n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n.toLocaleString('en'));
const DATA_RUNS = CHECK ? 1 : Math.max(10, num('--data-runs', 10));
// --check keeps the data rows small (they only prove the rows run).
const DATA_ROWS = CHECK ? 2000 : num('--data-rows', 1_000_000);
const DATA_REQUESTS = CHECK ? 16 : 100;

// Each progress line says how far into the bench it is: where its five minutes go.
const log = (line) => process.stderr.write(`[${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1).padStart(5)} s] ${line}\n`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-bench-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

if (!fs.existsSync(path.join(ROOT, 'dist', 'cli.js'))) {
  log('dist/ is missing: run `npm run bench` (it builds first) or `npm run build`');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Machine facts, printed above the table.
const cpus = os.cpus();
const machine = [
  `machine: ${os.availableParallelism()} cores (nproc), ${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.platform()} ${os.release()}`,
  `node: ${process.version} (${NODE}), the same binary for dgw and every baseline`,
  `load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
];

const { compare } = measurer({ cwd: tmp, memoryRuns: MEMORY_RUNS, once: CHECK });

// ---------------------------------------------------------------------------------------------
// The loopback stand-in server, in its own process (spawnSync blocks this event loop).
async function startServer(env) {
  const child = spawn(NODE, [path.join(BENCH, 'server.mjs')], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      out += c;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return { port, stop: () => child.stdin.end() };
}

const sameJson = (label) => (dgwOut, baseOut) => {
  const x = JSON.parse(dgwOut);
  const y = JSON.parse(baseOut);
  if (JSON.stringify(x) !== JSON.stringify(y)) throw new Error(`${label}: dgw printed different data than the baseline`);
};
const sameRecord = (label) => (dgwOut, baseOut) => {
  const x = JSON.parse(dgwOut);
  const y = JSON.parse(baseOut);
  if (x.displayName !== y.displayName || x.inputQuery !== y.inputQuery) throw new Error(`${label}: dgw created a different query than the baseline`);
};

const rows = [];
const fmtMs = (ms) => `${ms.toFixed(1)} ms`;
const fmtMb = (mb) => `${mb.toFixed(1)} MiB`;

// ---------------------------------------------------------------------------------------------
// 1. Start-up.
const node0 = { label: 'node -e 0', args: ['-e', '0'], env: childEnv() };
const configDir = path.join(tmp, 'config');
const dgwEnvBase = childEnv({ DGW_CONFIG_DIR: configDir });
// `dgw --help` is rendered by commander from the command summaries the build wrote (src/root.ts):
// about 30 ms over Node's own start-up, which a person reading help does not feel. The help the
// build used to pre-render for pipes saved that much for `dgw --help | cat` alone, and went (#29).
for (const [label, target, args] of [
  ['dgw --version', 1.3, ['--version']],
  ['dgw --help', 2.5, ['--help']],
]) {
  log(`measuring ${label} vs node -e 0 (${RUNS} pairs)...`);
  const r = compare({ label, args: [DGW, ...args], env: dgwEnvBase }, node0, RUNS);
  rows.push({ label, baseline: 'node -e 0', target, ...r });
}

// 2 and 3. Remote commands against the loopback stand-in.
const KEY = 'bench-key';
const server = await startServer(childEnv({ BENCH_API_KEY: KEY }));
try {
  const baseUrl = `http://127.0.0.1:${server.port}/api/v1`;
  const env = childEnv({ DGW_CONFIG_DIR: configDir, DGW_BASE_URL: baseUrl, DGW_API_KEY: KEY, DGW_PROJECT: 'bench' });
  const fetchScript = path.join(BENCH, 'fetch.mjs');
  const catalogsUrl = `${baseUrl}/data/projects/bench/catalogs`;
  log(`measuring dgw catalog list --json vs fetch script (${RUNS} pairs)...`);
  rows.push({
    label: 'dgw catalog list --json',
    baseline: 'fetch script (GET)',
    target: 1.2,
    ...compare(
      { label: 'dgw catalog list --json', args: [DGW, 'catalog', 'list', '--json'], env, check: sameJson('catalog list') },
      { label: 'fetch GET', args: [fetchScript, 'GET', catalogsUrl], env },
      RUNS,
    ),
  });

  const floor = await packagesFloor();
  log(`measuring commander and ky alone (bundled) vs fetch script (${RUNS} pairs)...`);
  rows.push({
    label: 'commander + ky only: catalog list --json',
    baseline: 'fetch script (GET)',
    target: undefined,
    ...compare({ label: 'commander + ky', args: [floor, catalogsUrl, 'catalog', 'list', '--json'], env, check: sameJson('commander + ky') }, { label: 'fetch GET', args: [fetchScript, 'GET', catalogsUrl], env }, RUNS),
  });

  const sql = 'SELECT id, amount FROM svc.table.orders';
  const body = JSON.stringify({ displayName: 'Bench query', queryType: 'PLAIN', inputQuery: sql });
  log(`measuring dgw query create --json vs fetch script (${RUNS} pairs)...`);
  rows.push({
    label: 'dgw query create --json',
    baseline: 'fetch script (POST)',
    target: 1.2,
    ...compare(
      { label: 'dgw query create --json', args: [DGW, 'query', 'create', 'Bench query', '--sql', sql, '--json'], env, check: sameRecord('query create') },
      { label: 'fetch POST', args: [fetchScript, 'POST', `${baseUrl}/data/projects/bench/queries`, body], env },
      RUNS,
    ),
  });
} finally {
  server.stop();
}

// 4. The local gateway: commands served and in-process, and at scale (local-rows.mjs).
if (flag('--no-local')) {
  rows.push({ label: 'local gateway rows', skipped: 'skipped (--no-local)' });
} else {
  rows.push(...(await localRows({ compare, env: childEnv, tmp, runs: RUNS, scaleRuns: SCALE_RUNS, check: CHECK, log })));
}

/** Bundles packages-floor.mjs as dgw's build bundles dgw (esbuild, ES module) behind a CommonJS entry that turns the compile cache on, as bin/dgw.js does; returns the entry. */
async function packagesFloor() {
  const { build } = await import('esbuild');
  const dir = path.join(tmp, 'packages-floor');
  await build({ entryPoints: [path.join(BENCH, 'packages-floor.mjs')], outfile: path.join(dir, 'floor.mjs'), bundle: true, format: 'esm', platform: 'node', target: 'node22', logLevel: 'warning' });
  fs.writeFileSync(path.join(dir, 'entry.cjs'), "require('node:module').enableCompileCache?.();\nimport('./floor.mjs');\n");
  return path.join(dir, 'entry.cjs');
}

/**
 * Runs one part of the bench in a process of its own (scripts/bench/<script> with `args`) and
 * returns the JSON it prints, or `{skipped}` saying it failed (its stderr is shown as it runs).
 */
function runPart(script, ...args) {
  const r = spawnSync(NODE, [path.join(BENCH, script), ...args.map(String)], {
    env: childEnv(),
    cwd: tmp,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 << 20,
  });
  try {
    return JSON.parse(String(r.stdout));
  } catch {
    return { skipped: `failed (exit ${r.status}); see the output above` };
  }
}

// 5. The local gateway: materialization through the API vs DuckDB directly, for two aggregates
// (scripts/bench/materialize.mjs says what they are). The target applies to the first, a
// materialized query of the kind the gateway is for; the second is so light that fixed costs per
// request dominate, and is shown for that.
const MATERIALIZE = [
  { workload: 'orders', label: `materialize: ${millions(MATERIALIZE_ROWS)} orders by customer-month`, target: 1.2 },
  { workload: 'light', label: `materialize: lightest ${millions(MATERIALIZE_ROWS)}-row aggregate`, target: undefined },
];
for (const { workload, label, target } of MATERIALIZE) {
  if (flag('--no-gateway')) {
    rows.push({ label, skipped: 'skipped (--no-gateway)' });
    continue;
  }
  log(`measuring materialization through the local gateway vs DuckDB directly, ${workload} (${GATEWAY_RUNS} pairs)...`);
  const result = runPart('materialize.mjs', GATEWAY_RUNS, workload, MATERIALIZE_ROWS, MATERIALIZE_WARMUP);
  if (result.skipped) {
    rows.push({ label, skipped: result.skipped });
  } else {
    rows.push({
      label,
      baseline: 'DuckDB CREATE TABLE AS',
      target,
      runs: result.a.length,
      a: median(result.a),
      b: median(result.b),
      ratio: pairedRatio(result.a, result.b),
      rssA: result.rssA,
      rssB: result.rssB,
      note: result.note,
    });
  }
}

// 6. Data in and out (issue #9): export, import, sql to a pipe, run-SQL throughput
// (scripts/bench/data.mjs says what each compares).
const DATA_LABELS = ['export: query export --format csv -o FILE', 'import: table import FILE.csv --create', 'sql: sql "SELECT * FROM big" --format csv | (pipe)', 'run-SQL: 10k rows, concurrency 8'];
if (flag('--no-data')) {
  for (const label of DATA_LABELS) rows.push({ label, skipped: 'skipped (--no-data)' });
} else {
  log(`measuring data in and out: ${DATA_ROWS} rows, ${DATA_RUNS} pairs per row (export, import, sql, run-SQL throughput)...`);
  const result = runPart('data.mjs', DATA_RUNS, DATA_ROWS, MEMORY_RUNS, DATA_REQUESTS);
  const measured = result.rows ?? [];
  for (const row of measured) {
    rows.push({
      ...row,
      runs: row.a.length,
      a: median(row.a),
      b: median(row.b),
      ratio: pairedRatio(row.a, row.b),
    });
  }
  const reason = result.skipped ?? result.failed;
  for (const label of DATA_LABELS.slice(measured.length)) rows.push({ label, skipped: reason ?? 'not measured' });
}


// 6b. A cache refresh of a Parquet file connection vs DuckDB reading that file (scripts/bench/cache.mjs).
const CACHE_LABEL = `cache refresh --wait: ${DATA_ROWS.toLocaleString('en')}-row Parquet source`;
if (flag('--no-cache')) {
  rows.push({ label: CACHE_LABEL, skipped: 'skipped (--no-cache)' });
} else {
  log(`measuring dgw cache refresh --wait of ${DATA_ROWS} rows vs CREATE TABLE AS read_parquet (${DATA_RUNS} pairs)...`);
  const result = runPart('cache.mjs', DATA_RUNS, DATA_ROWS, MEMORY_RUNS);
  const row = result.rows?.[0];
  if (row) rows.push(row);
  else rows.push({ label: CACHE_LABEL, skipped: result.skipped ?? 'not measured' });
}

// 7. dgw serve's memory after 1,000 materialized creates (serve-memory.mjs): with its default
// memory limit (a quarter of this machine's memory), and with --memory-limit 128MB.
const memory = [];
for (const limit of [undefined, '128MB']) {
  if (flag('--no-memory')) {
    memory.push({ skipped: 'skipped (--no-memory)' });
    break;
  }
  log(`measuring dgw serve's memory after ${SERVE_CREATES} materialized creates (${limit ? `--memory-limit ${limit}` : 'default memory limit'})...`);
  memory.push(runPart('serve-memory.mjs', SERVE_CREATES, ...(limit ? [limit] : [])));
}

// 8. Install footprint.
let foot;
if (flag('--no-footprint')) {
  foot = { skipped: 'skipped (--no-footprint)' };
} else {
  log('measuring the install footprint (npm pack + two production installs)...');
  try {
    foot = footprint(ROOT, tmp, NODE);
  } catch (error) {
    foot = { skipped: `failed: ${error.message.split('\n')[0]}` };
  }
}

// ---------------------------------------------------------------------------------------------
// The table.
const table = [['benchmark', 'pairs', 'dgw', 'baseline', 'baseline time', 'ratio', 'target', 'result', 'peak RSS dgw / baseline']];
for (const r of rows) {
  if (r.skipped) {
    table.push([r.label, '-', '-', '-', '-', '-', '-', r.skipped, '-']);
    continue;
  }
  const value = (v) => (r.unit ? `${v.toFixed(0)} ${r.unit}` : fmtMs(v));
  const met = r.higherIsBetter ? r.ratio >= r.target : r.ratio <= r.target;
  // Memory targets (the sql and cache rows): dgw, and the server where there is one, each at most rssTarget x the baseline's.
  const memoryMet = r.rssTarget === undefined || (r.rssA <= r.rssTarget * r.rssB && (r.rssServer === undefined || r.rssServer <= r.rssTarget * r.rssB));
  table.push([
    r.label,
    String(r.runs),
    value(r.a),
    r.baseline,
    value(r.b),
    `${r.ratio.toFixed(2)}x`,
    r.target === undefined ? '-' : `${r.higherIsBetter ? '>=' : '<='} ${r.target}x`,
    r.target === undefined ? 'info' : met && memoryMet ? 'pass' : 'FAIL',
    r.rssA === undefined ? '-' : `${fmtMb(r.rssA)}${r.rssServer === undefined ? '' : ` (+ serve ${fmtMb(r.rssServer)})`} / ${fmtMb(r.rssB)}`,
  ]);
}
// A `|` inside a cell (the sql row's label) would end it in Markdown.
for (const row of table) row.forEach((cell, c) => (row[c] = cell.replaceAll('|', '\\|')));
const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
const line = (row) => `| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
const out = [
  ...(CHECK ? ['CHECK MODE (--check): one pair per row; these numbers are not measurements', ''] : []),
  ...machine,
  '',
  line(table[0]),
  `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
  ...table.slice(1).map(line),
  '',
];
for (const m of memory) {
  out.push(
    m.skipped
      ? `dgw serve memory: ${m.skipped}`
      : `dgw serve memory after ${m.creates} materialized creates (${m.limit === 'default' ? 'default memory limit' : `--memory-limit ${m.limit}`}): RSS ${fmtMb(m.rssMiB)}, peak ${fmtMb(m.peakMiB)} (creates took ${m.seconds.toFixed(1)} s)`,
  );
}
out.push('');
if (foot.skipped) {
  out.push(`install footprint: ${foot.skipped}`);
} else {
  out.push(
    '| install footprint (npm install --omit=dev of the packed tarball) | node_modules | packages |',
    '|---|---|---|',
    `| with optional dependencies (DuckDB) | ${fmtMb(foot.withOptional.mb)} | ${foot.withOptional.packages} |`,
    `| --omit=optional (hosted zones only) | ${fmtMb(foot.withoutOptional.mb)} | ${foot.withoutOptional.packages} |`,
    `| tarball (dgw itself) | ${fmtMb(foot.tarballMb)} | |`,
  );
}
out.push(
  '',
  'times: median wall-clock from spawn to exit (spawnSync, process.hrtime) of the same Node binary, after one unmeasured run each (materialize: request or statement time, see its notes);',
  'ratio: median over the pairs of dgw time / baseline time (run-SQL: dgw requests/s / baseline requests/s, higher is better), pairs interleaved and alternating which runs first;',
  `peak RSS: getrusage maxrss of the measured process (a --require preload reads it on exit), median of ${MEMORY_RUNS} separate runs.`,
  'in-process rows: the bare script imports @duckdb/node-api, opens the same database file, runs the statement and prints its rows (scripts/bench/duckdb-floor.mjs);',
  '10k rows: the same command with 10,000 queries in 1,000 folders / with 10 queries in 10 folders, both data sets made through dgw serve\'s Create Query (scripts/bench/dataset.mjs);',
  'folder mv moves 500 of the 10,000 queries, or 500 queries kept in one more folder beside the 10 (scripts/bench/local-rows.mjs);',
  'the fetch script rows (info) are floors of the served 10k rows: the same requests from a bare script (fetch.mjs, fetch-mv.mjs).',
);
for (const r of rows) if (r.note) out.push(`note (${r.label}): ${r.note}`);
out.push('', `total bench time: ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
process.stdout.write(`${out.join('\n')}\n`);

// The latest whole run's table goes into docs/performance.md, between its markers (not a check,
// nor a run with rows skipped: the page shows one whole measurement).
const PAGE = path.join(ROOT, 'docs', 'performance.md');
const [BEGIN, END] = ['<!-- bench table: written by npm run bench -->', '<!-- end of bench table -->'];
if (!CHECK && rows.every((r) => !r.skipped) && !foot.skipped && fs.existsSync(PAGE)) {
  const page = fs.readFileSync(PAGE, 'utf8');
  const from = page.indexOf(BEGIN);
  const to = page.indexOf(END);
  // The table, memory and footprint; how each number is measured stays in the bench's own output.
  const shown = out.slice(0, out.findIndex((l) => l.startsWith('times:'))).join('\n').trim();
  const total = `total bench time: ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`;
  if (from >= 0 && to > from) fs.writeFileSync(PAGE, `${page.slice(0, from + BEGIN.length)}\n\n${shown}\n\n${total}\n\n${page.slice(to)}`);
}
