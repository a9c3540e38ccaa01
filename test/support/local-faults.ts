import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { DGW_BIN, runDgw, type DgwResult, type RunOptions } from './dgw.js';
import { runAsBinaryWould } from './in-process.js';

// Shared by the fault-injection tests (test/faults/): a local data folder, writes that were
// acknowledged before a fault, and the check that each of them is still there after it.

/** A spawned dgw on the local zone, and `inProcess`, the same command run in this process. */
export interface LocalDgw {
  (args: string[], options?: RunOptions): Promise<DgwResult>;
  inProcess: (args: string[]) => Promise<DgwResult>;
}

/** Runs dgw on the local zone with this data folder and config folder. */
export function localDgw(dataDir: string, configDir: string): LocalDgw {
  const env = { DGW_ZONE: 'local', DGW_LOCAL_DIR: dataDir, DGW_CONFIG_DIR: configDir };
  const spawned = (args: string[], options: RunOptions = {}) => runDgw(args, { ...options, env: { ...env, ...options.env } });
  return Object.assign(spawned, { inProcess: (args: string[]) => runAsBinaryWould(args, { env }) });
}

/** A query whose create was acknowledged (exit 0 with its id). */
export interface Acknowledged {
  id: string;
  name: string;
  project: string;
}

/**
 * Creates queries and returns those acknowledged; every create must be. They are made in this
 * process, as is the check below: the writes around a fault need no process of their own.
 */
export async function createQueries(dgw: LocalDgw, prefix: string, count: number, project = 'demo'): Promise<Acknowledged[]> {
  const made: Acknowledged[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `${prefix}${i}`;
    const r = await dgw.inProcess(['--project', project, 'query', 'create', name, '--sql', `SELECT ${i} AS n`, '-q']);
    expect(r.code, r.stderr).toBe(0);
    made.push({ id: r.stdout.trim(), name, project });
  }
  return made;
}

/** Every acknowledged query is still there, with its SQL. */
export async function expectAllPresent(dgw: LocalDgw, acknowledged: Acknowledged[]): Promise<void> {
  const byProject = new Map<string, Acknowledged[]>();
  for (const a of acknowledged) byProject.set(a.project, [...(byProject.get(a.project) ?? []), a]);
  for (const [project, list] of byProject) {
    const r = await dgw.inProcess(['--project', project, 'query', 'list', '--json', 'id,name,inputQuery']);
    expect(r.code, r.stderr).toBe(0);
    const present = JSON.parse(r.stdout) as Array<{ id: string; name: string; inputQuery: string }>;
    for (const a of list) expect(present, `${a.name} in ${project}`).toContainEqual(expect.objectContaining({ id: a.id, name: a.name }));
  }
}

/** The files of a folder whose names start with `prefix` (left-over temporary files). */
export function filesStartingWith(dir: string, prefix: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.startsWith(prefix));
}

/**
 * Mounts a small tmpfs at `dir`, or says why it cannot (not root, no CAP_SYS_ADMIN, no mount
 * command): the tests that need a real full disk skip with that reason.
 */
export function mountTmpfs(dir: string, size: string): string | undefined {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().replace(/\s+/g, ' ').trim();
    return `cannot mount a tmpfs here (${stderr || (error as Error).message}); a real full disk needs root or CAP_SYS_ADMIN`;
  }
}

/** Whether a tmpfs can be mounted here: tried on a scratch folder, unmounted and removed at once. Undefined, or the reason why not. */
export function tmpfsProblem(): string | undefined {
  const scratch = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'dgw-tmpfs-probe-'));
  const problem = mountTmpfs(scratch, '1m');
  if (problem === undefined) unmount(scratch);
  fs.rmSync(scratch, { recursive: true, force: true });
  return problem;
}

export function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    // Already gone, or never mounted.
  }
}

/** Fills the file system holding `dir` until it has no byte left (the filler file is `dir/filler`). */
export function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // Whatever a smaller write still fits, too.
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(512));
  } catch {
    // Full.
  }
  fs.closeSync(fd);
  return filler;
}

/**
 * Runs dgw with a file size limit of zero (`ulimit -f 0`): every write to a file fails with EFBIG
 * (Node ignores SIGXFSZ), an injected write error that needs no privilege and no special disk.
 */
export function runDgwWithoutFileWrites(args: string[], env: Record<string, string>): Promise<DgwResult> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && !['FORCE_COLOR', 'NO_COLOR', 'CI', 'DBUS_SESSION_BUS_ADDRESS'].includes(k)));
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'ulimit -f 0 && exec "$@"', 'sh', process.execPath, DGW_BIN, ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
