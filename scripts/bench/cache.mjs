// The cache row of `npm run bench` (issue #25), run in its own process by scripts/bench.mjs, or
// alone: `node scripts/bench/cache.mjs <pairs> <rows> <memoryRuns>`. Prints one JSON object:
// {rows: [row]} or {skipped}.
//
// A Parquet file of <rows> rows x 5 columns, connected as a Parquet file connection (`dgw connection
// create src --type parquet`), its table cached (`dgw cache create src.main.big`). Then paired,
// interleaved runs of
//   dgw cache refresh src.main.big --wait (in-process)  vs  a bare Node + @duckdb/node-api script running
//   CREATE OR REPLACE TABLE big AS SELECT * FROM read_parquet(FILE) (duck-copy.mjs)
// both checked to hold <rows> rows first; and each one's peak RSS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, measurer } from './measure.mjs';

const [pairs = 10, ROWS = 1_000_000, memoryRuns = 3] = process.argv.slice(2).map(Number);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const DGW = path.join(HERE, '..', '..', 'bin', 'dgw.js');
const done = (result) => {
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};
try {
  await import('@duckdb/node-api');
} catch {
  done({ skipped: 'skipped: @duckdb/node-api not installed' });
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-bench-cache-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
const file = (name) => path.join(tmp, name);
const parquet = file('big.parquet');
const env = childEnv({ DGW_CONFIG_DIR: file('config'), DGW_LOCAL_DIR: file('gateway'), DGW_ZONE: 'local' });
const { runOnce, compare } = measurer({ cwd: tmp, memoryRuns });
const duck = (db, sql) => ({ label: 'duck-copy', args: [path.join(HERE, 'duck-copy.mjs'), db, sql], env });
const dgw = (...args) => ({ label: `dgw ${args.join(' ')}`, args: [DGW, ...args], env });

const make = `SELECT i::INTEGER AS id, 'name ' || (i % 9973) AS name, ((i * 37) % 100000) / 100 AS amount,
  TIMESTAMP '2026-01-01' + INTERVAL (i % 86400) SECOND AS created, i % 3 = 0 AS flag FROM range(${ROWS}) t(i)`;
try {
  runOnce(duck(file('make.duckdb'), `COPY (${make}) TO '${parquet}' (FORMAT parquet)`));
  runOnce(dgw('connection', 'create', 'src', '--type', 'parquet', '--field', `path=${parquet}`));
  runOnce(dgw('cache', 'create', 'src.main.big'));
  const a = {
    ...dgw('cache', 'refresh', 'src.main.big', '--wait', '--json', 'cachedRows'),
    check: (out) => {
      if (JSON.parse(out).cachedRows !== ROWS) throw new Error(`the cache holds ${out.trim()}, not ${ROWS} rows`);
    },
  };
  const b = duck(file('base.duckdb'), `CREATE OR REPLACE TABLE big AS SELECT * FROM read_parquet('${parquet}')`);
  const measured = compare(a, b, pairs);
  runOnce(duck(file('base.duckdb'), `COPY (SELECT count(*) FROM big) TO '${file('n.csv')}' (HEADER false)`));
  const base = Number(fs.readFileSync(file('n.csv'), 'utf8').trim());
  if (base !== ROWS) throw new Error(`the baseline's table holds ${base}, not ${ROWS} rows`);
  done({ rows: [{ label: `cache refresh --wait: ${ROWS.toLocaleString('en')}-row Parquet source`, baseline: 'bare CREATE TABLE AS read_parquet', target: 1.3, rssTarget: 1.5, ...measured }] });
} catch (error) {
  done({ skipped: `failed: ${String(error.message).split('\n')[0]}` });
}
