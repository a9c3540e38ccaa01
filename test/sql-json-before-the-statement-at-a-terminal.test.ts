import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import type { ContextDeps } from '../src/context.js';
import { tempDir } from './support/dgw.js';

// `dgw sql --json "SELECT 1"` at a terminal: --json takes "SELECT 1" for its fields, so no
// statement is left. The shell (or a wait on the terminal for a statement) is not what was meant:
// exit 2, saying what --json took and where to put it, as off a terminal.
const tmp = tempDir('dgw-sql-json-tty-');
afterAll(() => tmp.remove());

async function atTerminal(argv: string[], stdoutIsTerminal: boolean) {
  let stdout = '';
  let stderr = '';
  const stdin = Object.assign(Readable.from([]), { isTTY: true });
  const deps: ContextDeps = {
    io: {
      stdout: { write: (s: string | Uint8Array) => ((stdout += String(s)), true), ...(stdoutIsTerminal ? { isTTY: true, columns: 80, rows: 24 } : {}) },
      stderr: { write: (s: string | Uint8Array) => ((stderr += String(s)), true), isTTY: true },
      stdin,
    },
    env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_ZONE: 'local', DGW_PAGER: '', NO_COLOR: '1', HOME: tmp.dir },
    cwd: os.tmpdir(),
    signal: new AbortController().signal,
    interactive: true,
  };
  const code = await main(argv, deps);
  return { code, stdout, stderr };
}

it.each([
  ['stdout a terminal', true],
  ['stdout a pipe', false],
])('dgw sql --json "SELECT 1" with stdin a terminal (%s) opens no shell and says what --json took', async (_, stdoutIsTerminal) => {
  const r = await atTerminal(['sql', '--json', 'SELECT 1'], stdoutIsTerminal);
  expect(r.stdout).not.toContain('SQL shell');
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain('no SQL statement');
  expect(r.stderr).toContain('--json took "SELECT 1" for the fields to print: put --json after the arguments');
});

it('dgw sql "SELECT 1 AS n" --json at a terminal runs the statement', async () => {
  const r = await atTerminal(['sql', 'SELECT 1 AS n', '--json'], true);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual([{ n: 1 }]);
});
