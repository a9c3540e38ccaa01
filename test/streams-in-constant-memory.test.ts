import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// The in-process gateway hands a run-SQL answer and a download to the CLI a chunk at a time, so a
// result of any size goes through in constant memory. Proved by capping V8's heap at 48 MB: the
// 3,000,000 rows below are about 90 MB of CSV and far more as JSON text or parsed rows, so a
// command that held the answer (or the file) whole would run out of heap and die.

const tmp = tempDir('dgw-constant-memory-');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const ROWS = 1_500_000;
const SQL = `SELECT i AS n, 'row ' || i AS label, i * 1.5 AS amount FROM range(${ROWS}) t(i)`;
const capped = { ...env, NODE_OPTIONS: '--max-old-space-size=48' };

beforeAll(async () => {
  const r = await runDgw(['query', 'create', 'millions', '--sql', SQL, '-q'], { env });
  expect(r.code, r.stderr).toBe(0);
});
afterAll(() => tmp.remove());

/** Line count and the last line of a text, without splitting it into millions of strings. */
function tail(text: string): { lines: number; last: string } {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines += 1;
  const trimmed = text.endsWith('\n') ? text.slice(0, -1) : text;
  return { lines, last: trimmed.slice(trimmed.lastIndexOf('\n') + 1) };
}

describe('in-process, with the heap capped at 48 MB', () => {
  it('dgw sql prints 1,500,000 rows as CSV', async () => {
    const r = await runDgw(['sql', SQL, '--format', 'csv'], { env: capped, timeoutMs: 120_000 });
    expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
    expect(tail(r.stdout)).toEqual({ lines: ROWS + 1, last: `${ROWS - 1},row ${ROWS - 1},${(ROWS - 1) * 1.5}` });
  });

  it('dgw query export downloads its 1,500,000-row file to stdout', async () => {
    const r = await runDgw(['query', 'export', 'millions', '--format', 'csv'], { env: capped, timeoutMs: 120_000 });
    expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
    expect(tail(r.stdout).lines).toBe(ROWS + 1);
  });

  it('the cap is tight enough to matter: holding the result whole (--jq reads it all) runs out of heap', async () => {
    const r = await runDgw(['sql', SQL, '--jq', 'length'], { env: capped, timeoutMs: 120_000 });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/heap out of memory|Allocation failed/i);
  });
});
