import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { EXIT_CODE_TABLE } from '../src/errors.js';
import { runDgw } from './support/dgw.js';

// `dgw help exit-codes` lists the frozen exit codes of design section 3.
const CODES = [
  [0, /success/],
  [1, /unexpected failure/],
  [2, /usage or invalid input/],
  [3, /authentication or permission/],
  [4, /not found/],
  [5, /conflict/],
  [6, /rejected/],
  [7, /rate limited/],
  [8, /service failure/],
  [9, /network failure or timeout/],
  [10, /refresh .* failed or was cancelled/],
  [11, /changes present: `dgw plan --exit-code`/],
  [12, /busy: .*held by another process; try again/],
  [13, /local fault: a full disk \(standard output's too\), a file or folder dgw may not write, a damaged database or settings file, a database a later dgw wrote, or a lock file left by a process that is not dgw/],
  [14, /usage or invalid input found after a request was sent/],
  [15, /not implemented \(501\)/],
  [130, /interrupted/],
] as const;

describe('dgw help exit-codes', () => {
  it('prints every code, 0 to 15 and 130, with its meaning', async () => {
    let out = '';
    const code = await main(['help', 'exit-codes'], {
      io: { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, stdin: { async *[Symbol.asyncIterator]() {} } },
      env: {},
      cwd: '.',
      signal: new AbortController().signal,
    });
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.map((l) => Number(l.trim().split(/\s+/)[0]))).toEqual(CODES.map(([c]) => c));
    for (const [i, [, meaning]] of CODES.entries()) expect(lines[i]).toMatch(meaning);
  });

  it('works from the built binary', async () => {
    const r = await runDgw(['help', 'exit-codes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^130 {2}interrupted$/m);
    expect(r.stdout).toMatch(/^ {2}2 {2}usage or invalid input/m);
  });

  it('matches the README\'s table, code for code', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('## More'));
    const rows = [...section.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((m) => [Number(m[1]), m[2]] as const);
    expect(rows.map(([c]) => c)).toEqual(EXIT_CODE_TABLE.map(([c]) => c));
    for (const [i, [, meaning]] of EXIT_CODE_TABLE.entries()) expect(rows[i][1].startsWith(meaning.split(' (')[0])).toBe(true);
  });
});
