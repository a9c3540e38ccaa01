// How the bench times a command: one spawned process from spawn to exit, and pairs of them run
// interleaved against a baseline. Shared by scripts/bench.mjs and its sections.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, pairedRatio } from './stats.mjs';

const BENCH = fileURLToPath(new URL('.', import.meta.url));
const NODE = process.execPath;

/** Environment for every child: nothing of the outer DGW_* settings leaks in. */
export function childEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !k.startsWith('npm_') && k !== 'NODE_OPTIONS'));
  return { ...env, NO_COLOR: '1', ...extra };
}

/**
 * A measurer working in `cwd`, peak memory from `memoryRuns` separate runs; with `once` (--check),
 * each side of a comparison runs once, and that run is checked, timed and measured. A command is
 * `{label, args, env, check?}`; `args` may be a function, called for each run (a command that
 * must differ per run, such as a create with a new name).
 */
export function measurer({ cwd, memoryRuns, once = false }) {
  /** Runs `node ...args` once; returns wall-clock milliseconds and stdout. Throws on a non-zero exit. */
  function runOnce(cmd, preload) {
    const cmdArgs = typeof cmd.args === 'function' ? cmd.args() : cmd.args;
    const args = preload ? ['--require', path.join(BENCH, 'maxrss.cjs'), ...cmdArgs] : cmdArgs;
    const t0 = process.hrtime.bigint();
    const r = spawnSync(NODE, args, { env: cmd.env, cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.error) throw r.error;
    if (r.status !== 0) throw new Error(`${cmd.label} exited ${r.status}: ${String(r.stderr).slice(0, 500)}`);
    return { ms, stdout: String(r.stdout) };
  }

  /** One run with the maxrss.cjs preload: its time, stdout and peak RSS (MiB). */
  function measuredRun(cmd, i = 0) {
    const file = path.join(cwd, `rss-${process.pid}-${i}`);
    fs.rmSync(file, { force: true });
    const run = runOnce({ ...cmd, env: { ...cmd.env, BENCH_RSS_FILE: file } }, true);
    const kib = fs.readFileSync(file, 'utf8').trim().split('\n').map(Number);
    return { ...run, rss: Math.max(...kib) / 1024 };
  }

  /** Peak RSS (MiB, median of memoryRuns) of a command. */
  function peakRss(cmd) {
    return median(Array.from({ length: memoryRuns }, (_, i) => measuredRun(cmd, i).rss));
  }

  /** Paired, interleaved timing of `a` (dgw) against `b` (its baseline); with `rss`, both peak RSS too. */
  function compare(a, b, runs, { rss = true } = {}) {
    if (once) {
      const [ra, rb] = [a, b].map((cmd) => (rss ? measuredRun(cmd) : runOnce(cmd)));
      a.check?.(ra.stdout, rb.stdout);
      return { runs: 1, a: ra.ms, b: rb.ms, ratio: ra.ms / rb.ms, ...(rss ? { rssA: ra.rss, rssB: rb.rss } : {}) };
    }
    // One unmeasured run each first: fills the compile cache and the OS page cache for both sides.
    const first = [runOnce(a), runOnce(b)];
    a.check?.(first[0].stdout, first[1].stdout);
    const ta = [];
    const tb = [];
    for (let i = 0; i < runs; i++) {
      if (i % 2 === 0) {
        ta.push(runOnce(a).ms);
        tb.push(runOnce(b).ms);
      } else {
        tb.push(runOnce(b).ms);
        ta.push(runOnce(a).ms);
      }
    }
    const result = { runs, a: median(ta), b: median(tb), ratio: pairedRatio(ta, tb) };
    return rss ? { ...result, rssA: peakRss(a), rssB: peakRss(b) } : result;
  }

  return { runOnce, compare };
}
