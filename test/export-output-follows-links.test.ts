import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `-o` names where the data goes, as a shell's `>` would: a symlink is written through (the link
// stays, its target gets the file, whole or not at all), and what is not a regular file (a named
// pipe, a terminal, /dev/stdout, /dev/null) is written into as it is, never replaced by a file.
// (A download renamed its temporary file over whatever -o named: `-o /dev/stdout`, run as root,
// replaced the machine's /dev/stdout with a regular file and printed nothing.)

const tmp = tempDir('dgw-export-o-');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'gateway'), DGW_ZONE: 'local' };
const work = path.join(tmp.dir, 'work');
const elsewhere = path.join(tmp.dir, 'elsewhere');
const dgw = (...args: string[]) => runAsBinaryWould(args, { env, cwd: work });
// Spawned: the link to /proc/self/fd/1 must name a process's own stdout, not the test runner's.
const dgwProcess = (...args: string[]) => runDgw(args, { env, cwd: work, timeoutMs: 60_000 });
const EXPECTED = 'id,name\n1,one\n2,two\n';

/** Files whose names start with a dot (dgw's temporary files) in the folders written to. */
const leftovers = () => [...fs.readdirSync(work), ...fs.readdirSync(elsewhere)].filter((f) => f.startsWith('.'));

beforeAll(async () => {
  fs.mkdirSync(work);
  fs.mkdirSync(elsewhere);
  const r = await dgw('query', 'create', 'two rows', '--sql', "SELECT * FROM (VALUES (1, 'one'), (2, 'two')) t(id, name) ORDER BY id");
  expect(r.code, r.stderr).toBe(0);
}, 60_000);

afterAll(() => tmp.remove());

describe('query export -o names the destination as a shell redirection would', () => {
  it('a symlink to a file elsewhere: the link stays a link, its target gets the whole file, no temporary file left', async () => {
    const target = path.join(elsewhere, 'target.csv');
    fs.writeFileSync(target, 'old contents\n');
    fs.symlinkSync(target, path.join(work, 'link.csv'));
    const r = await dgw('query', 'export', 'tworows', '-o', 'link.csv');
    expect(r.code, r.stderr).toBe(0);
    expect(fs.lstatSync(path.join(work, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe(EXPECTED);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('a symlink whose target does not exist yet: the target is made', async () => {
    const target = path.join(elsewhere, 'new.csv');
    fs.symlinkSync(path.relative(work, target), path.join(work, 'dangling.csv'));
    const r = await dgw('export', 'get', (await dgw('query', 'export', 'tworows', '--no-wait')).stdout.trim(), '-o', 'dangling.csv');
    expect(r.code, r.stderr).toBe(0);
    expect(fs.lstatSync(path.join(work, 'dangling.csv')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe(EXPECTED);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('a named pipe: its reader gets the file, and the pipe is still a pipe', async () => {
    const fifo = path.join(work, 'pipe.csv');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let read = '';
    reader.stdout.setEncoding('utf8').on('data', (c: string) => (read += c));
    const ended = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    try {
      const r = await dgw('query', 'export', 'tworows', '-o', 'pipe.csv');
      expect(r.code, r.stderr).toBe(0);
      // The reader ends once dgw has closed the pipe (a dgw that never does fails by the test's own limit).
      await ended;
      expect(read).toBe(EXPECTED);
      expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
      expect(leftovers()).toEqual([]);
    } finally {
      reader.kill('SIGKILL');
      fs.rmSync(fifo, { force: true });
    }
  }, 60_000);

  it('a link to /proc/self/fd/1 (what /dev/stdout is): the file is printed on stdout, and the link is left alone', async () => {
    const link = path.join(work, 'stdout');
    fs.symlinkSync('/proc/self/fd/1', link);
    const r = await dgwProcess('query', 'export', 'tworows', '-o', 'stdout');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(EXPECTED);
    expect(fs.readlinkSync(link)).toBe('/proc/self/fd/1');
    expect(leftovers()).toEqual([]);
  }, 60_000);
});

describe.skipIf(!fs.existsSync('/dev/full'))('query export -o a device that refuses every write', () => {
  it('-o /dev/full: exit 13 saying the disk is full and naming it (was exit 1, "Cannot call end after a stream was destroyed")', async () => {
    const r = await dgw('query', 'export', 'tworows', '-o', '/dev/full');
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toMatch(/^error: the disk is full: cannot write \/dev\/full \(ENOSPC\)/);
    expect(r.stderr).not.toMatch(/a bug in dgw|stream was destroyed/);
  }, 60_000);
});

describe('query export -o a file whose name is as long as a name may be', () => {
  it('a 250-byte name (ASCII, or 62 four-byte characters): the whole file is written there (was exit 1, "ENAMETOOLONG" for its temporary file)', async () => {
    for (const name of [`${'r'.repeat(246)}.csv`, `${'😀'.repeat(62)}.c`]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      const r = await dgw('query', 'export', 'tworows', '-o', name);
      expect(r.code, r.stderr).toBe(0);
      expect(fs.readFileSync(path.join(work, name), 'utf8')).toBe(EXPECTED);
      fs.rmSync(path.join(work, name));
    }
    expect(leftovers()).toEqual([]);
  }, 60_000);
});
