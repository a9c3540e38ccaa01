import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A name with a character that shows as nothing (or reorders the line) would pass for another: the local gateway makes none.
const tmp = tempDir('dgw-lookalike-');
afterAll(() => tmp.remove());
const { dgw, json, run } = localCli(tmp.dir, 'spec');

const ZERO_WIDTH = '\u200b';
const RIGHT_TO_LEFT = '\u202e';

it.each([
  ['folder create', ['folder', 'create', `/reports${ZERO_WIDTH}`], 'folder name contains an invisible character (U+200B)'],
  ['a folder made by --parents', ['query', 'create', 'Rev', '--sql', 'SELECT 1 AS a', '--path', `/x${ZERO_WIDTH}/y`, '--parents'], 'path contains an invisible character (U+200B)'],
  ['a query display name', ['query', 'create', `Rev${ZERO_WIDTH}`, '--sql', 'SELECT 1 AS a'], 'displayName contains an invisible character (U+200B)'],
  ['a bidi override', ['folder', 'create', `/invoice${RIGHT_TO_LEFT}fdp.exe`], 'folder name contains an invisible character (U+202E)'],
])('%s is refused and nothing is made', async (_, args, message) => {
  const r = await run(...args);
  expect(r.code).toBe(6);
  expect(r.stderr).toContain(message);
  expect(await dgw('folder', 'list')).toBe('');
  expect(await json('query', 'list')).toEqual([]);
});

it('a folder moved to a path with an invisible character is refused and stays where it was', async () => {
  await dgw('folder', 'create', '/reports');
  const r = await run('folder', 'move', '/reports', `/rep${ZERO_WIDTH}`, '--parents');
  expect(r.stderr).toContain('path contains an invisible character (U+200B)');
  expect((await json('folder', 'list')).map((f: { path: string }) => f.path)).toEqual(['/reports']);
});

it('names in other scripts keep the joiners they need (ZWNJ in Persian)', async () => {
  expect((await json('folder', 'create', '/می\u200cخواهم')).path).toBe('/می\u200cخواهم');
});
