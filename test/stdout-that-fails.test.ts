import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DGW_BIN, tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// What dgw does when its stdout fails. A reader that goes away (`| head -1`) ends the command,
// exit 0, however its rows are made: in-process CSV is written by DuckDB into a named pipe, and
// ending the process while that COPY waited on the pipe hung for good. A disk that is full, or a
// file-size limit, is exit 13 naming standard output: a script must not ship a cut file.

const tmp = tempDir('dgw-stdout-fails-');
// A dgw that hangs (the failure this proves gone) is not left behind.
const started = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  tmp.remove();
});
const env = { PATH: process.env.PATH ?? '', DGW_ZONE: 'local', DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), HOME: tmp.dir };

/** Runs dgw with stdout a pipe whose reader closes it after the first chunk; its exit code and stderr. */
function closedAfterFirstChunk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [DGW_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdout.once('data', () => child.stdout.destroy());
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/** Runs dgw with stdout opened on `file`. */
function into(file: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const fd = fs.openSync(file, 'w');
  const child = spawn(process.execPath, [DGW_BIN, ...args], { env, stdio: ['ignore', fd, 'pipe'] });
  started.add(child);
  fs.closeSync(fd);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a reader that goes away', () => {
  it.each([
    ['CSV written by DuckDB into a pipe (in-process)', ['sql', 'SELECT * FROM range(300000)', '--format', 'csv']],
    ['TSV', ['sql', 'SELECT * FROM range(300000)']],
    ['JSON lines', ['sql', 'SELECT * FROM range(300000)', '--format', 'jsonl']],
  ])('%s: exit 0, nothing on stderr, and the data folder is free again', async (_name, args) => {
    const r = await closedAfterFirstChunk(args);
    expect(r).toEqual({ code: 0, stderr: '' });
    // The gateway let go of the folder: the next command does not wait for it (in this process: DuckDB's lock is between processes).
    const next = await runInProcess(['sql', 'SELECT 1'], { env, cwd: tmp.dir });
    expect(next.code, next.stderr).toBe(0);
  });
});

describe.skipIf(!fs.existsSync('/dev/full'))('a full disk', () => {
  it.each([
    ['a list', ['query', 'list', '--json']],
    ['rows', ['sql', 'SELECT * FROM range(100000)']],
    ['CSV rows', ['sql', 'SELECT * FROM range(100000)', '--format', 'csv']],
  ])('%s into /dev/full: exit 13 naming standard output', async (_name, args) => {
    const r = await into('/dev/full', args);
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain('the disk is full: cannot write standard output (ENOSPC)');
  });
});

describe.skipIf(!fs.existsSync('/dev/full'))('a full disk, with structured output', () => {
  it('--json into /dev/full: the exit-13 error is one JSON object on stderr, as every failure of --json is', async () => {
    const r = await into('/dev/full', ['query', 'list', '--json']);
    expect(r.code, r.stderr).toBe(13);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { kind: 'local_fault', errorCode: 'DISK_FULL', message: 'the disk is full: cannot write standard output (ENOSPC)', sent: { reads: 1, changes: 0 } } });
  });
});

describe('a file size limit', () => {
  it('rows into a file past `ulimit -f`: exit 13, and the hint says to raise the limit, not to free the disk', async () => {
    const file = path.join(tmp.dir, 'limited.tsv');
    const child = spawn('bash', ['-c', 'ulimit -f 10; exec "$0" "$1" sql "SELECT range FROM range(100000)" > "$2"', process.execPath, DGW_BIN, file], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    started.add(child);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(13);
    expect(stderr).toContain('the file size limit of this process is reached (EFBIG)');
    expect(stderr).toContain('raise the file size limit (ulimit -f), then run the command again');
    expect(stderr).not.toContain('df -h');
  });
});
