// The README's quick start, run for real on the local gateway in a temporary data folder:
// create → materialize → query the result → refresh --wait → folders → drop a column → delete,
// the same commands as the README's walk-through.
// Each step prints its command and output; the first failure stops the run with its exit code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/dgw.js', import.meta.url));
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'dgw-quickstart-'));
const env = { ...process.env, DGW_ZONE: 'local', DGW_LOCAL_DIR: join(work, 'data'), DGW_CONFIG_DIR: join(work, 'config') };
for (const k of ['DGW_BASE_URL', 'DGW_PROJECT', 'DGW_API_KEY', 'DGW_PROFILE']) delete env[k];

// Exactly the commands of the README's "Quick start on the local gateway", in its order.
const steps = [
  ['catalog', 'list'],
  ['table', 'list'],
  ['table', 'list', 'orders'],
  ['sql', 'SELECT * FROM svc.table.orders LIMIT 5'],
  ['mtquery', 'create', 'Revenue by customer', '--path', '/reports', '--parents',
    '--sql', 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1'],
  ['sql', 'SELECT * FROM svc.mtquery.revenuebycustomer ORDER BY revenue DESC', '--json'],
  ['mtquery', 'refresh', 'revenuebycustomer', '--wait'],
  ['folder', 'list', '--tree'],
  ['folder', 'create', '/reports/monthly'],
  ['folder', 'mv', 'revenuebycustomer', '/reports/monthly'],
  ['table', 'drop-column', 'orders', 'status', '--yes'],
  ['query', 'rm', 'revenuebycustomer', '--yes'],
];

let failed = 0;
try {
  for (const args of steps) {
    process.stdout.write(`\n$ dgw ${args.map((a) => (/[\s*()]/.test(a) ? JSON.stringify(a) : a)).join(' ')}\n`);
    const r = spawnSync(process.execPath, [bin, ...args], { env, stdio: 'inherit' });
    if (r.status !== 0) {
      failed = r.status ?? 1;
      process.stderr.write(`quickstart: step failed with exit ${failed}\n`);
      break;
    }
  }
} finally {
  if (keep) process.stdout.write(`\ndata kept in ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}
if (!failed) process.stdout.write('\nquickstart: every step succeeded\n');
process.exitCode = failed;
