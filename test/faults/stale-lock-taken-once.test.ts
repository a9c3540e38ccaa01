import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/dgw.js';

// A gateway killed with SIGKILL leaves its lock file (a dgw killed while it writes the settings, the
// settings lock). Processes that start together and each find it stale must still take it one at
// a time: two that removed the same stale lock could otherwise remove each other's fresh one and
// both hold it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = tempDir('dgw-stale-lock-');
afterAll(() => tmp.remove());

/** A process that waits for `go`, takes the lock with `take`, writes when it held it, and lets go with `release`. */
const racer = (module: string, take: string, release: string) => `
import { appendFileSync, existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import * as lock from './${module}';
const [dir, go, log] = process.argv.slice(2);
writeFileSync(dir + '/ready-' + process.pid, '');
while (!existsSync(go)) await new Promise((r) => setTimeout(r, 1));
const held = await ${take};
// A folder only one process can make: a second holder fails here (EEXIST), with no clocks compared.
mkdirSync(dir + '/inside');
await new Promise((r) => setTimeout(r, 30));
appendFileSync(log, process.pid + '\\n');
rmdirSync(dir + '/inside');
await ${release};
`;

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

/** Races 12 processes, four rounds, for a lock that each finds left by a dead process. */
async function raceForStaleLock(source: string, take: string, release: string, lockFile: string, staleText: (pid: number) => string): Promise<void> {
  const module = `${path.basename(source, '.ts')}.mjs`;
  await build({ entryPoints: [path.join(root, source)], bundle: true, format: 'esm', platform: 'node', outfile: path.join(tmp.dir, module), logLevel: 'silent' });
  const script = path.join(tmp.dir, `racer-${module}`);
  fs.writeFileSync(script, racer(module, take, release));
  for (let round = 0; round < 4; round++) {
    const dir = path.join(tmp.dir, `${module}-${round}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, lockFile), staleText(deadPid()));
    const go = path.join(dir, 'go');
    const log = path.join(dir, 'holds.log');
    const racers = Array.from({ length: 12 }, () => spawn(process.execPath, [script, dir, go, log], { stdio: 'ignore' }));
    const exited = racers.map((r) => new Promise<number | null>((resolve) => r.on('exit', resolve)));
    // Every racer is running (waiting for go) before any may start.
    while (fs.readdirSync(dir).filter((f) => f.startsWith('ready-')).length < 12) await new Promise((r) => setTimeout(r, 20));
    fs.writeFileSync(go, '');
    expect(await Promise.all(exited)).toEqual(Array(12).fill(0));
    // Each racer exits 0 only if no other held the lock while it did; each held it once.
    expect(new Set(fs.readFileSync(log, 'utf8').trim().split('\n')).size, `round ${round}`).toBe(12);
  }
}

describe('a stale lock found by several processes at once', () => {
  it('the data folder\'s is taken by one at a time: no two hold the folder together', async () => {
    const stale = (pid: number) => `${JSON.stringify({ pid, mode: 'serve', url: null, startedAt: new Date(0).toISOString() })}\n`;
    await raceForStaleLock('src/gateway/lock.ts', "lock.acquireLock(dir, 'in-process', { waitMs: 120000 })", 'held.release()', 'gateway.lock', stale);
  });

  it('the settings file\'s is taken by one at a time: no two change the settings together', async () => {
    await raceForStaleLock('src/config/settings-lock.ts', "lock.holdLock(dir + '/config.json.lock')", 'held()', 'config.json.lock', (pid) => `${pid}\n`);
  });
});
