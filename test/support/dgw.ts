import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the built binary the tests spawn. */
export const DGW_BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/dgw.js');

/** What a spawned dgw did. */
export interface DgwResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /**
   * Extra environment; DGW_*, CI, colour variables, PAGER and LESS, and the D-Bus session (so no
   * test reaches the desktop's keychain unless it hands over a Secret Service of its own) are never
   * inherited; TEST_ENV is added unless given.
   */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  cwd?: string;
  timeoutMs?: number;
  /** In a pseudo-terminal: its size, set with stty before dgw starts (else it reports none, and dgw reads COLUMNS and LINES). */
  terminalSize?: { columns: number; rows: number };
}

/**
 * What every dgw a test runs is given unless the test says otherwise: no pager, and one DuckDB
 * thread per project (vitest's four workers share two cores: more threads only wait for them).
 */
export const TEST_ENV = { DGW_PAGER: '', DGW_LOCAL_THREADS: '1' };

/** The environment a dgw run by a test sees: this process's without DGW_*, CI, colour, pager and D-Bus variables; TEST_ENV; then `extra` (undefined removes). */
export function testEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const base = Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !['FORCE_COLOR', 'NO_COLOR', 'CI', 'DBUS_SESSION_BUS_ADDRESS', 'PAGER', 'LESS'].includes(k));
  const env: Record<string, string | undefined> = { ...Object.fromEntries(base), ...TEST_ENV, ...extra };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

/** A temporary folder removed by the returned function. */
export function tempDir(prefix = 'dgw-test-'): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Spawns `bin/dgw.js` with the Node running the tests, as a user or a script would. */
export function runDgw(args: string[], options: RunOptions = {}): Promise<DgwResult> {
  return runCommand(process.execPath, [DGW_BIN, ...args], options);
}

/** A word in single quotes, for sh and bash. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs dgw inside a pseudo-terminal (util-linux `script`), so stdin, stdout and stderr are all
 * terminals: prompts are shown and answered from `input`, output is laid out for a person.
 * Both streams arrive merged in `stdout`, with CRLF line ends.
 */
export function runDgwInTerminal(args: string[], options: RunOptions = {}): Promise<DgwResult> {
  return runCommand('script', ['-qec', terminalCommand(args, options), '/dev/null'], options);
}

/** The shell command `script` runs: the terminal's size set, then dgw in the shell's place. */
function terminalCommand(args: string[], options: RunOptions): string {
  const size = options.terminalSize ? `stty cols ${options.terminalSize.columns} rows ${options.terminalSize.rows}; ` : '';
  // `exec`: no shell waits between script and dgw (dash, as /bin/sh, would die of a Ctrl-C meant for dgw's child).
  return `${size}exec ${[process.execPath, DGW_BIN, ...args].map(shellQuote).join(' ')}`;
}

function runCommand(file: string, args: string[], options: RunOptions): Promise<DgwResult> {
  return new Promise((resolve, reject) => {
    const running = start(file, args, options);
    // Just under the fast tier's limit for a test: a busy machine is waited for, and a dgw that hangs is still named with what it printed.
    const limit = options.timeoutMs ?? 280_000;
    const timer = setTimeout(() => {
      running.child.kill('SIGKILL');
      reject(new Error(`${file} ${args.join(' ')} did not finish in ${limit} ms\nstdout: ${running.stdout()}\nstderr: ${running.stderr()}`));
    }, limit);
    running.child.on('error', reject);
    void running.exited.then(({ code }) => {
      clearTimeout(timer);
      resolve({ code, stdout: running.stdout(), stderr: running.stderr() });
    });
    running.child.stdin!.end(options.input ?? '');
  });
}

/** A dgw started in the background, for tests that act on it while it runs (signals, keystrokes). */
export interface RunningDgw {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once `text` appears on stdout or stderr; rejects after `ms` (45 s unless given: a busy machine is waited for). */
  waitForOutput(text: string, ms?: number): Promise<void>;
  /** The exit code (null when a signal ended it: `signal`) and the time (Date.now()) the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * Starts dgw without waiting for it: in pipes, or in a pseudo-terminal (`terminal: true`, see
 * runDgwInTerminal), where a keystroke written to `child.stdin` is typed on the terminal
 * (`\x03` is Ctrl-C: the terminal sends SIGINT to dgw). stdin stays open.
 */
export function startDgw(args: string[], options: RunOptions & { terminal?: boolean } = {}): RunningDgw {
  if (!options.terminal) return start(process.execPath, [DGW_BIN, ...args], options);
  return start('script', ['-qec', terminalCommand(args, options), '/dev/null'], options);
}

function start(file: string, args: string[], options: RunOptions): RunningDgw {
  // No pager unless a test asks for one (TEST_ENV): tall output on a test's terminal is printed, never paged.
  const child = spawn(file, args, { env: testEnv(options.env), cwd: options.cwd ?? os.tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
  // A command may end before it reads its input (a usage error): writing to it then is EPIPE, not a failure.
  child.stdin!.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  let stdout = '';
  let stderr = '';
  const watchers: Array<() => void> = [];
  const seen = () => watchers.forEach((w) => w());
  child.stdout!.setEncoding('utf8').on('data', (c: string) => ((stdout += c), seen()));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => ((stderr += c), seen()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, at: Date.now() })));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForOutput(text, ms = 45_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" in ${ms} ms\nstdout: ${stdout}\nstderr: ${stderr}`)), ms);
        const check = () => {
          if (!stdout.includes(text) && !stderr.includes(text)) return;
          clearTimeout(timer);
          resolve();
        };
        watchers.push(check);
        check();
      });
    },
  };
}
