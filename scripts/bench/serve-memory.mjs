// The memory rows of `npm run bench`: `dgw serve` on a fresh data folder answers 1,000 Create
// Query requests for MATERIALIZED queries (each builds its table before it answers), then its
// resident set is read from /proc/<pid>/status (VmRSS now, VmHWM its peak); with its default
// memory limit, or with `--memory-limit <limit>` when one is given.
// Prints one JSON object: {creates, limit, rssMiB, peakMiB, seconds} or {skipped}.
// `node serve-memory.mjs <creates> [limit]`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, startServe } from './serve.mjs';

const creates = Number(process.argv[2] ?? 1000);
const limit = process.argv[3];
const done = (result) => {
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};
if (!fs.existsSync('/proc/self/status')) done({ skipped: 'skipped: no /proc on this system' });
try {
  await import('@duckdb/node-api');
} catch {
  done({ skipped: 'skipped: @duckdb/node-api not installed' });
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dgw-bench-mem-'));
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_')));
let server;
let result;
try {
  server = await startServe(path.join(tmp, 'gateway'), 'bench-partner-key', { env, args: limit ? ['--memory-limit', limit] : [] });
  const started = process.hrtime.bigint();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < creates; i = next++) {
      await api(server, 'POST', '/data/projects/demo/queries', {
        displayName: `Materialized ${i}`,
        queryType: 'MATERIALIZED',
        inputQuery: `SELECT range AS n, range % 7 AS k, 'row ' || range AS label FROM range(${1000 + i})`,
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  result = { creates, limit: limit ?? 'default', rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024, seconds };
} catch (error) {
  result = { skipped: `failed: ${String(error.message).split('\n')[0].slice(0, 200)}` };
}
await server?.stop().catch(() => undefined);
fs.rmSync(tmp, { recursive: true, force: true });
done(result);
