import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textWidth } from '../src/output/text-width.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `dgw folder list --tree` of a chain 50 folders deep drew lines of 150 columns at an 80-column
// terminal, two columns of indent a level. On a terminal the tree now fits: the indent stops at a
// quarter of the width and deeper lines say their level, a name wraps, and an id that does not fit
// after its name goes whole on a line of its own (ids are never cut). In a pipe it is drawn whole.

const tmp = tempDir('dgw-tree-fits-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '', NO_COLOR: '1' };
const dgw = (argv: string[], terminalColumns?: number) => runInProcess(argv, { env, cwd: tmp.dir, terminalColumns });
const chain = `/${Array.from({ length: 50 }, (_, i) => `level${String(i).padStart(2, '0')}`).join('/')}`;
const wide = 'w'.repeat(120);

beforeAll(async () => {
  for (const args of [['folder', 'create', chain], ['query', 'create', 'Deepest', '--sql', 'SELECT 1', '--path', chain], ['folder', 'create', `/${wide}`]]) {
    const r = await dgw(args);
    expect(r.code, r.stderr).toBe(0);
  }
});

describe.each([
  ['folder list --tree', ['folder', 'list', '--tree']],
  ['folder tree --queries', ['folder', 'tree', '--queries']],
])('%s at an 80-column terminal', (_, argv) => {
  it('draws no line wider than 80 columns, deep levels said by number', async () => {
    const r = await dgw(argv, 80);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => textWidth(l) > 80)).toEqual([]);
    // Indented two columns a level up to 20 columns, then the indent stays and the level is said.
    expect(lines).toContainEqual(expect.stringMatching(/^ {20}level10\//));
    expect(lines).toContainEqual(expect.stringMatching(/^ {15}\[12\] level11\//));
    expect(lines).toContainEqual(expect.stringMatching(/^ {15}\[50\] level49\//));
    // A name wider than the room wraps, whole.
    expect(lines.filter((l) => /^w+/.test(l)).join('')).toContain(`${wide}/`);
  });
});

it('folder list --tree keeps every id whole: after its name where it fits, else on a line of its own', async () => {
  const r = await dgw(['folder', 'list', '--tree'], 80);
  const lines = r.stdout.split('\n');
  expect(lines.find((l) => l.includes('level49/'))).toMatch(/\[50\] level49\/ \(1 query\) {2}[0-9a-f-]{36}$/);
  const wrapped = lines.findIndex((l) => l.startsWith('w'));
  expect(lines.slice(wrapped).find((l) => l.includes('↳'))).toMatch(/^ {2}↳ [0-9a-f-]{36}$/);
  expect(r.stderr).toBe('');
});

it('in a pipe the tree is drawn whole, two columns a level', async () => {
  const r = await dgw(['folder', 'list', '--tree']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(new RegExp(`^ {98}level49/ \\(1 query\\) {2}[0-9a-f-]{36}$`, 'm'));
  expect(r.stdout).toMatch(new RegExp(`^${wide}/ \\(0 queries\\) {2}[0-9a-f-]{36}$`, 'm'));
});
