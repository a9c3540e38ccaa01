import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReaderGoneError } from '../src/errors.js';
import { Pager, pagerCommand, shellWords } from '../src/output/pager.js';
import { tempDir } from './support/dgw.js';

// The pager as a stream in front of stdout, with real pager processes (small shell scripts) and
// buffers standing for the terminal.

const tmp = tempDir('dgw-pager-stream-');
afterAll(() => tmp.remove());

function terminal() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: { isTTY: true, write: (t: string) => out.push(t) },
    stderr: { isTTY: true, write: (t: string) => err.push(t) },
  };
}

function script(name: string, body: string): string {
  const file = path.join(tmp.dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

function pagerWith(command: string[], rows = 10, columns = 40) {
  const t = terminal();
  const pager = new Pager({ command, env: { PATH: process.env.PATH }, size: { columns, rows }, stdout: t.stdout, stderr: t.stderr, inForeground: (work) => work() });
  return { ...t, pager };
}

describe('when the pager starts', () => {
  it('short output never meets it: printed as it is, stderr in its place after it', async () => {
    const got = path.join(tmp.dir, 'short');
    const p = pagerWith([script('short.sh', `cat > '${got}'`)]);
    p.pager.stdout.write('one\ntwo\n');
    p.pager.stderr.write('a note\n');
    await p.pager.end();
    expect(p.out.join('')).toBe('one\ntwo\n');
    expect(p.err.join('')).toBe('a note\n');
    expect(fs.existsSync(got)).toBe(false);
  });

  it('a line wider than the screen takes several of its rows', async () => {
    const got = path.join(tmp.dir, 'wide');
    const p = pagerWith([script('wide.sh', `cat > '${got}'`)], 10, 40);
    // Three lines, but the middle one wraps over 8 rows of 40 columns (and 東 is two columns wide).
    const text = `first\n${'東'.repeat(150)}\nlast\n`;
    p.pager.stdout.write(text);
    await p.pager.end();
    expect(fs.readFileSync(got, 'utf8')).toBe(text);
    expect(p.out).toEqual([]);
  });

  it('stderr written while it shows waits until it is gone', async () => {
    const got = path.join(tmp.dir, 'held');
    const p = pagerWith([script('held.sh', `cat > '${got}'`)], 5);
    p.pager.stdout.write('1\n2\n3\n4\n5\n6\n');
    p.pager.stderr.write('warning: after the rows\n');
    expect(p.err).toEqual([]);
    await p.pager.end();
    expect(p.err.join('')).toBe('warning: after the rows\n');
    expect(fs.readFileSync(got, 'utf8')).toBe('1\n2\n3\n4\n5\n6\n');
  });

  it('settle() before it starts prints what is held and turns paging off', async () => {
    const got = path.join(tmp.dir, 'settled');
    const p = pagerWith([script('settled.sh', `cat > '${got}'`)], 5);
    p.pager.stdout.write('1\n');
    p.pager.settle();
    p.pager.stdout.write('2\n3\n4\n5\n6\n7\n');
    await p.pager.end();
    expect(p.out.join('')).toBe('1\n2\n3\n4\n5\n6\n7\n');
    expect(fs.existsSync(got)).toBe(false);
  });
});

describe('when the pager goes early', () => {
  it('what is written after it quit throws ReaderGoneError (exit 0); end() does not hang', async () => {
    const p = pagerWith([script('quit.sh', 'head -n 1 > /dev/null')], 5);
    p.pager.stdout.write('1\n2\n3\n4\n5\n6\n');
    // Until the pager is gone (it read one line and left), later writes still go to it; once it
    // is, a write throws ReaderGoneError, and nothing else. However long a busy machine takes.
    let thrown: unknown;
    while (thrown === undefined) {
      try {
        p.pager.stdout.write('7\n');
        await new Promise((r) => setTimeout(r, 20));
      } catch (error) {
        thrown = error;
      }
    }
    expect(thrown).toBeInstanceOf(ReaderGoneError);
    await p.pager.end();
    expect(p.err).toEqual([]);
  });

  it('a writer waiting for room (drain) is woken when the pager quits', async () => {
    // The pager reads nothing and quits when the test says so, after the writes: not after a time a busy machine outlasts.
    const running = path.join(tmp.dir, 'running-slowquit');
    const release = path.join(tmp.dir, 'release-slowquit');
    const p = pagerWith([script('slowquit.sh', `touch '${running}'\nwhile [ ! -e '${release}' ]; do sleep 0.02; done`)], 5);
    // More than a pipe holds: the first write starts the pager; once it runs, the next one must wait.
    const big = `${'x'.repeat(79)}\n`.repeat(20_000);
    p.pager.stdout.write(big);
    while (!fs.existsSync(running)) await new Promise((r) => setTimeout(r, 20));
    try {
      expect(p.pager.stdout.write(big)).toBe(false);
    } finally {
      fs.writeFileSync(release, '');
    }
    await new Promise<void>((resolve) => (p.pager.stdout as unknown as { once(e: string, f: () => void): void }).once('drain', resolve));
    expect(() => p.pager.stdout.write('after\n')).toThrow(ReaderGoneError);
    await p.pager.end();
  });
});

describe('which pager', () => {
  it('DGW_PAGER, else PAGER, else less -FRX; empty or cat: none', () => {
    expect(pagerCommand({})).toEqual(['less', '-FRX']);
    expect(pagerCommand({ PAGER: 'more' })).toEqual(['more']);
    expect(pagerCommand({ DGW_PAGER: 'less -S', PAGER: 'more' })).toEqual(['less', '-S']);
    expect(pagerCommand({ DGW_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ DGW_PAGER: '  ' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' })).toBeUndefined();
  });

  it('splits the command as a shell would for quotes and backslashes', () => {
    expect(shellWords(`'/opt/my pager/bin/p' -x "a b" c\\ d ''`)).toEqual(['/opt/my pager/bin/p', '-x', 'a b', 'c d', '']);
    expect(shellWords('less  -R\t+G')).toEqual(['less', '-R', '+G']);
  });
});
