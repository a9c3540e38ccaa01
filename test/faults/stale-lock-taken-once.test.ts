import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/dgw.js';

// A gateway killed with SIGKILL leaves its lock file. Processes that start together and each find
// it stale must still take the folder one at a time: two that removed the same stale lock could
// otherwise remove each other's fresh one and both hold the folder.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = tempDir('dgw-stale-lock-');
afterAll(() => tmp.remove());

/** A process that waits for `go`, takes the lock, writes when it held it, and lets go. */
const RACER = `
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { acquireLock } from './lock.mjs';
const [dir, go, log] = process.argv.slice(2);
writeFileSync(dir + '/ready-' + process.pid, '');
while (!existsSync(go)) await new Promise((r) => setTimeout(r, 1));
const lock = await acquireLock(dir, 'in-process', { waitMs: 120000 });
const entered = performance.timeOrigin + performance.now();
await new Promise((r) => setTimeout(r, 30));
appendFileSync(log, JSON.stringify([entered, performance.timeOrigin + performance.now()]) + '\\n');
await lock.release();
`;

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('a stale lock found by several processes at once', () => {
  it('is taken by one at a time: no two hold the folder together', async () => {
    await build({ entryPoints: [path.join(root, 'src/gateway/lock.ts')], bundle: true, format: 'esm', platform: 'node', outfile: path.join(tmp.dir, 'lock.mjs'), logLevel: 'silent' });
    fs.writeFileSync(path.join(tmp.dir, 'racer.mjs'), RACER);
    for (let round = 0; round < 4; round++) {
      const dir = path.join(tmp.dir, `data-${round}`);
      fs.mkdirSync(dir);
      const stale = { pid: deadPid(), mode: 'serve', url: null, startedAt: new Date(0).toISOString() };
      fs.writeFileSync(path.join(dir, 'gateway.lock'), `${JSON.stringify(stale)}\n`);
      const go = path.join(dir, 'go');
      const log = path.join(dir, 'holds.log');
      const racers = Array.from({ length: 12 }, () => spawn(process.execPath, [path.join(tmp.dir, 'racer.mjs'), dir, go, log], { stdio: 'ignore' }));
      const exited = racers.map((r) => new Promise<number | null>((resolve) => r.on('exit', resolve)));
      // Every racer is running (waiting for go) before any may start.
      while (fs.readdirSync(dir).filter((f) => f.startsWith('ready-')).length < 12) await new Promise((r) => setTimeout(r, 20));
      fs.writeFileSync(go, '');
      expect(await Promise.all(exited)).toEqual(Array(12).fill(0));
      const holds = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as [number, number]).sort((a, b) => a[0] - b[0]);
      expect(holds).toHaveLength(12);
      for (let i = 1; i < holds.length; i++) expect(holds[i][0], `round ${round}: hold ${i} began before hold ${i - 1} ended`).toBeGreaterThanOrEqual(holds[i - 1][1]);
    }
  });
});
