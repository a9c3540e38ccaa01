import { spawn } from 'node:child_process';
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
  /** Extra environment; DGW_*, CI and colour variables from the outer environment are never inherited. */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  cwd?: string;
  timeoutMs?: number;
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

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs dgw inside a pseudo-terminal (util-linux `script`), so stdin, stdout and stderr are all
 * terminals: prompts are shown and answered from `input`, output is laid out for a person.
 * Both streams arrive merged in `stdout`, with CRLF line ends.
 */
export function runDgwInTerminal(args: string[], options: RunOptions = {}): Promise<DgwResult> {
  const command = [process.execPath, DGW_BIN, ...args].map(shellQuote).join(' ');
  return runCommand('script', ['-qec', command, '/dev/null'], options);
}

function runCommand(file: string, args: string[], options: RunOptions): Promise<DgwResult> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !['FORCE_COLOR', 'NO_COLOR', 'CI'].includes(k)));
  const env = { ...base, ...options.env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: env as NodeJS.ProcessEnv, cwd: options.cwd ?? os.tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const limit = options.timeoutMs ?? 20_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} ${args.join(' ')} did not finish in ${limit} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, limit);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
