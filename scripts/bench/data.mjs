// The data rows of `npm run bench` (issue #9), run in their own process by scripts/bench.mjs:
// `node data.mjs <pairs> <rows> <memoryRuns> <requests>`. Prints one JSON object on stdout:
// {rows: [...]} (each with its paired times, or skipped) or {skipped}.
//
// One table `big` of <rows> rows x 5 columns (INTEGER, VARCHAR, DOUBLE, TIMESTAMP, BOOLEAN) is
// made twice from the same SQL: in a DuckDB file opened directly (the baselines' file), and in a
// local gateway's data folder through `dgw sql` (dgw's). Then, each as paired, interleaved runs
// of the built binary and a bare Node script (duck-copy.mjs) on the same Node binary:
//   export:  `dgw query export big --format csv -o FILE` (in-process)  vs COPY (SELECT * FROM big) TO FILE
//   import:  `dgw table import big_N FILE.csv --create` (in-process)  vs CREATE TABLE big_N AS SELECT * FROM read_csv(FILE)
//   sql:     `dgw sql "SELECT * FROM svc.table.big" --format csv | wc -l`, against `dgw serve`  vs the same COPY
//   run-SQL: requests/s of POST .../queries/execute?format=SIMPLE (a 10,000-row result) at
//            concurrency 8 to `dgw serve` vs a bare node:http server on @duckdb/node-api
//            (bare-sql-server.mjs) answering the same JSON (checked equal first).
// Each row checks that dgw and its baseline produce the same data before it measures.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [pairs = 10, ROWS = 1_000_000, memoryRuns = 3, REQUESTS = 200] = process.argv.slice(2).map(Number);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DGW = path.join(ROOT, 'bin', 'dgw.js');
const HERE = path.join(ROOT, 'scripts', 'bench');
const NODE = process.execPath;
const KEY = 'bench-partner-key';
const CONCURRENCY = 8;

let tmp;
const done = (result) => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};
try {
  await import('@duckdb/node-api');
} catch {
  done({ skipped: 'skipped: @duckdb/node-api not installed' });
}
tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-bench-data-'));
const file = (name) => path.join(tmp, name);
const baseDb = file('base.duckdb');
const csv = file('big.csv');
const make = `SELECT i::INTEGER AS id, 'name ' || (i % 9973) AS name, ((i * 37) % 100000) / 100 AS amount,
  TIMESTAMP '2026-01-01' + INTERVAL (i % 86400) SECOND AS created, i % 3 = 0 AS flag FROM range(${ROWS}) t(i)`;
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !k.startsWith('npm_') && k !== 'NODE_OPTIONS')),
  NO_COLOR: '1',
  DGW_CONFIG_DIR: file('config'),
  DGW_LOCAL_DIR: file('gateway'),
  DGW_LOCAL_PARTNER_KEY: KEY,
  DGW_ZONE: 'local',
};

/**
 * Runs `node ...args` once, timed; `rss` adds the maxrss preload writing to that file. `stdout:
 * 'wc'` pipes it into `wc -l`, as a user's pipe is read: spawnSync's 'pipe' gathers it all in this
 * process, slower than dgw writes it, and so timed the bench's reader.
 */
function run(args, { rss, stdout = 'ignore' } = {}) {
  const full = rss ? ['--require', path.join(HERE, 'maxrss.cjs'), ...args] : args;
  const [cmd, cmdArgs] = stdout === 'wc' ? ['sh', ['-c', '"$@" | wc -l', 'sh', NODE, ...full]] : [NODE, full];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, cmdArgs, { env: rss ? { ...env, BENCH_RSS_FILE: rss } : env, cwd: tmp, stdio: ['ignore', stdout === 'wc' ? 'pipe' : stdout, 'pipe'], maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${args.slice(0, 4).join(' ')} exited ${r.status}: ${String(r.stderr).slice(0, 300)}`);
  return { ms, stdout: stdout === 'ignore' ? undefined : r.stdout };
}

const dgw = (...args) => [DGW, ...args];
const duck = (db, sql) => [path.join(HERE, 'duck-copy.mjs'), db, sql];
const readRss = (f) => Math.max(...fs.readFileSync(f, 'utf8').trim().split('\n').map(Number)) / 1024;
const median = (v) => {
  const s = [...v].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Paired, interleaved runs of `a(i)` and `b(i)` (functions giving a run's ms), after one unmeasured run each (not in --check's one pair, whose numbers mean nothing). */
function paired(a, b) {
  if (pairs > 1) {
    a(-1);
    b(-1);
  }
  const ta = [];
  const tb = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      ta.push(a(i));
      tb.push(b(i));
    } else {
      tb.push(b(i));
      ta.push(a(i));
    }
  }
  return { a: ta, b: tb };
}

/** Peak RSS (MiB, median of `memoryRuns` separate runs). */
function peak(args, extra = {}) {
  const values = [];
  for (let i = 0; i < memoryRuns; i++) {
    const f = file(`rss-${Math.random().toString(36).slice(2)}`);
    run(typeof args === 'function' ? args(`m${i}`) : args, { rss: f, ...extra });
    values.push(readRss(f));
  }
  return median(values);
}

const lines = (buffer) => {
  let n = 0;
  for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, i + 1)) n += 1;
  return n;
};

async function serve(rssFile) {
  const child = spawn(NODE, ['--require', path.join(HERE, 'maxrss.cjs'), DGW, 'serve', '--port', '0', '--json'], { env: { ...env, BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (c) => (err += c));
  const info = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
    child.on('exit', (code) => reject(new Error(`dgw serve exited ${code}: ${err}`)));
  });
  return {
    info,
    async stop() {
      child.kill('SIGINT');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

const rows = [];
let server;
try {
  // The same data for both sides, made by the same SQL.
  run(duck(baseDb, `CREATE TABLE big AS ${make}`));
  run(duck(baseDb, `COPY big TO '${csv}' (HEADER)`));
  run(dgw('sql', `CREATE TABLE svc.table.big AS ${make}`));
  run(dgw('query', 'create', 'Big', '--sql', 'SELECT * FROM svc.table.big'));

  // Export, in-process.
  {
    const outA = file('export-dgw.csv');
    const outB = file('export-base.csv');
    const a = () => run(dgw('query', 'export', 'big', '--format', 'csv', '-o', outA)).ms;
    const b = () => run(duck(baseDb, `COPY (SELECT * FROM big) TO '${outB}' (HEADER)`)).ms;
    a();
    b();
    const [na, nb] = [lines(fs.readFileSync(outA)), lines(fs.readFileSync(outB))];
    if (na !== nb || na !== ROWS + 1) throw new Error(`export: dgw wrote ${na} lines, the baseline ${nb}`);
    const t = paired(a, b);
    rows.push({
      label: 'export: query export --format csv -o FILE',
      baseline: 'DuckDB COPY TO (bare script)',
      target: 1.3,
      ...t,
      rssA: peak(dgw('query', 'export', 'big', '--format', 'csv', '-o', outA)),
      rssB: peak(duck(baseDb, `COPY (SELECT * FROM big) TO '${outB}' (HEADER)`)),
      note: `${ROWS} rows x 5 columns; dgw = \`dgw query export big --format csv -o FILE\` on the in-process local gateway (submit, wait for the job's end, copy the file DuckDB's COPY wrote into the data folder beside FILE by the kernel, move it into place); baseline = a bare script opening a DuckDB file with the same table and running COPY (SELECT * FROM big) TO FILE (HEADER)`,
    });
  }

  // Import, in-process: a new table per run.
  {
    const ctasDb = file('ctas.duckdb');
    const a = (i) => run(dgw('table', 'import', `big_${String(i).replace('-', 'w')}`, csv, '--create')).ms;
    const b = (i) => run(duck(ctasDb, `CREATE TABLE big_${String(i).replace('-', 'w')} AS SELECT * FROM read_csv('${csv}')`)).ms;
    const t = paired(a, b);
    const count = String(run(dgw('sql', 'SELECT count(*) FROM svc.table.big_0'), { stdout: 'pipe' }).stdout).trim();
    if (Number(count) !== ROWS) throw new Error(`import: ${count} rows imported, expected ${ROWS}`);
    rows.push({
      label: 'import: table import FILE.csv --create',
      baseline: 'DuckDB CREATE TABLE AS read_csv',
      target: 1.3,
      ...t,
      rssA: peak((m) => dgw('table', 'import', `big_${m}`, csv, '--create')),
      rssB: peak((m) => duck(ctasDb, `CREATE TABLE big_${m} AS SELECT * FROM read_csv('${csv}')`)),
      note: `${ROWS} rows x 5 columns from a ${(fs.statSync(csv).size / 2 ** 20).toFixed(1)} MiB CSV; dgw = \`dgw table import big_N FILE.csv --create\` on the in-process local gateway (read the file's start, infer the types, create the table and its columns, upload the file as multipart, DuckDB's read_csv into the table in one transaction); baseline = a bare script running CREATE TABLE big_N AS SELECT * FROM read_csv(FILE) on a DuckDB file`,
    });
  }

  // dgw sql against dgw serve, to a pipe.
  {
    const serveRss = file('serve-rss');
    server = await serve(serveRss);
    const outB = file('sql-base.csv');
    const sqlArgs = dgw('sql', 'SELECT * FROM svc.table.big', '--format', 'csv');
    const a = () => {
      const r = run(sqlArgs, { stdout: 'wc' });
      if (Number(String(r.stdout).trim()) !== ROWS + 1) throw new Error(`sql: dgw printed ${String(r.stdout).trim()} lines, expected ${ROWS + 1}`);
      return r.ms;
    };
    a(); // checks dgw's output before anything is measured
    const b = () => run(duck(baseDb, `COPY (SELECT * FROM big) TO '${outB}' (HEADER)`)).ms;
    const t = paired(a, b);
    const rssA = peak(sqlArgs, { stdout: 'wc' });
    const rssB = peak(duck(baseDb, `COPY (SELECT * FROM big) TO '${outB}' (HEADER)`));
    await server.stop();
    server = undefined;
    // The server's whole life (start, every run above): a long-lived DuckDB keeps more of what it read.
    const rssServerLife = readRss(serveRss);
    // The server's peak for the command, as the baseline's: a fresh dgw serve per memory run, one
    // command each (the median of the runs, as for the CLI and the script).
    const fresh = [];
    for (let i = 0; i < memoryRuns; i++) {
      const f = file(`serve-rss-${i}`);
      server = await serve(f);
      run(sqlArgs, { stdout: 'wc' });
      await server.stop();
      server = undefined;
      fresh.push(readRss(f));
    }
    const rssServer = median(fresh);
    rows.push({
      label: 'sql: sql "SELECT * FROM big" --format csv | (pipe)',
      baseline: 'DuckDB COPY TO (bare script)',
      target: 2,
      ...t,
      rssA,
      rssB,
      rssServer,
      rssTarget: 1.5,
      note: `${ROWS} rows x 5 columns; dgw = \`dgw sql ... --format csv\` against \`dgw serve\` (its own process) on 127.0.0.1, stdout a pipe read by \`wc -l\` (its count checked every run); baseline = the same COPY as the export row; peak RSS: dgw sql ${rssA.toFixed(1)} MiB, dgw serve ${rssServer.toFixed(1)} MiB (a fresh server per run, serving that one command; over the timed server's whole life, start and every run: ${rssServerLife.toFixed(1)} MiB), the COPY script ${rssB.toFixed(1)} MiB (targets: each at most 1.5x the script's)`,
    });
  }

  // Served run-SQL throughput, 10,000 rows, concurrency 8.
  {
    server = await serve(file('serve2-rss'));
    const bare = spawn(NODE, [path.join(HERE, 'bare-sql-server.mjs'), baseDb], { stdio: ['pipe', 'pipe', 'inherit'] });
    const barePort = await new Promise((resolve, reject) => {
      let out = '';
      bare.stdout.setEncoding('utf8').on('data', (c) => {
        out += c;
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      bare.on('exit', (code) => reject(new Error(`bare server exited ${code}`)));
    });
    try {
      const limit = Math.min(10_000, ROWS);
      const targets = {
        dgw: { url: `${server.info.baseUrl}/data/projects/demo/queries/execute?format=SIMPLE`, statement: `SELECT * FROM svc.table.big LIMIT ${limit}` },
        bare: { url: `http://127.0.0.1:${barePort}/api/v1/data/projects/demo/queries/execute?format=SIMPLE`, statement: `SELECT * FROM big LIMIT ${limit}` },
      };
      const ask = async (t) => {
        const res = await fetch(t.url, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ statement: t.statement }) });
        const text = await res.text();
        if (!res.ok) throw new Error(`${t.url}: ${res.status} ${text.slice(0, 200)}`);
        return text;
      };
      const [x, y] = [JSON.parse(await ask(targets.dgw)), JSON.parse(await ask(targets.bare))];
      if (JSON.stringify(x) !== JSON.stringify(y) || x.data.length !== limit) throw new Error('run-SQL: dgw serve and the bare server answered different JSON');
      /** Requests per second over REQUESTS requests, CONCURRENCY at a time. */
      const rate = async (t) => {
        let next = 0;
        const t0 = process.hrtime.bigint();
        await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
          while (next < REQUESTS) {
            next += 1;
            await ask(t);
          }
        }));
        return REQUESTS / (Number(process.hrtime.bigint() - t0) / 1e9);
      };
      await rate(targets.dgw);
      await rate(targets.bare);
      const ra = [];
      const rb = [];
      for (let i = 0; i < pairs; i++) {
        if (i % 2 === 0) {
          ra.push(await rate(targets.dgw));
          rb.push(await rate(targets.bare));
        } else {
          rb.push(await rate(targets.bare));
          ra.push(await rate(targets.dgw));
        }
      }
      rows.push({
        label: `run-SQL: 10k rows, concurrency ${CONCURRENCY}`,
        baseline: 'bare node:http + DuckDB',
        target: 0.9,
        higherIsBetter: true,
        unit: 'req/s',
        a: ra,
        b: rb,
        note: `POST .../queries/execute?format=SIMPLE of SELECT * ... LIMIT ${limit} (5 columns), ${REQUESTS} requests per measurement, ${CONCURRENCY} at a time, by fetch from the bench process; dgw = \`dgw serve\`; baseline = bare-sql-server.mjs (node:http, a connection per request from a pool, runAndReadAll, DuckDB's JSON converter, JSON.stringify), whose answer is checked equal to dgw's first; ratio = dgw req/s / baseline req/s`,
      });
    } finally {
      bare.stdin.end();
      await server.stop();
      server = undefined;
    }
  }
  done({ rows });
} catch (error) {
  await server?.stop().catch(() => undefined);
  done({ rows, failed: `failed: ${String(error.message).split('\n')[0].slice(0, 300)}` });
}
