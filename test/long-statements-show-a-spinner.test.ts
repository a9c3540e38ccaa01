import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/context.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `sql` and `mtquery create` showed nothing while a long statement ran, where import, export and
// refresh --wait show progress. Now a spinner with the time so far appears on a terminal once the
// statement has taken a second, and never in a pipe. The clock here says a second has passed at
// once, so no test waits for one.

const tmp = tempDir('dgw-spinner-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '', TERM: 'xterm' };

/** A clock whose every wait is over at once and on which each reading is 1.5 s after the last. */
function hurriedClock(): Clock {
  let now = 0;
  return { now: () => (now += 1500), sleep: async () => undefined };
}

const atTerminal = (argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir, terminalColumns: 100, clock: hurriedClock() });
const inPipe = (argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir, clock: hurriedClock() });

describe('a statement that takes more than a second', () => {
  it('dgw sql on a terminal: a spinner with the time so far, cleared before the rows', async () => {
    const r = await atTerminal(['sql', 'SELECT 42 AS answer']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/⠋ running, \d+s/);
    expect(r.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(r.stdout).toContain('42');
  });

  it('dgw mtquery create on a terminal: the same, naming the query being materialized', async () => {
    const r = await atTerminal(['mtquery', 'create', 'Snap', '--sql', 'SELECT 1 AS x']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/⠋ materializing Snap, \d+s/);
  });

  it('in a pipe, with --json, or in CI: no spinner at all', async () => {
    for (const run of [inPipe(['sql', 'SELECT 1 AS x']), atTerminal(['sql', 'SELECT 1 AS x', '--json']), runInProcess(['sql', 'SELECT 1 AS x'], { env: { ...env, CI: 'true' }, cwd: tmp.dir, terminalColumns: 100, clock: hurriedClock() })]) {
      const r = await run;
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('running');
      expect(r.stderr).not.toContain('\r');
    }
  });
});
