import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// The copy of a table named `We i"rd` was shown as svc.cache.We i"rd, which SQL cannot read; it is quoted now, and cache rm
// still finds the saved queries that read it.
const tmp = tempDir('dgw-cache-copy-quoted-');
afterAll(() => tmp.remove());
const { dgw, run, json } = localCli(tmp.dir, 'spec');

it('cache create and get show the copy as SQL reads it, and that name can be pasted into SQL', async () => {
  await dgw('sql', 'CREATE TABLE svc.table."We i""rd" (a INT)');
  const r = await run('cache', 'create', 'We i"rd');
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain('SQL reads it as svc.cache."We i""rd"');
  const { copy } = await json('cache', 'get', 'We i"rd');
  expect(copy).toBe('svc.cache."We i""rd"');
  expect(await dgw('sql', `SELECT count(*) AS n FROM ${copy}`, '--format', 'csv')).toBe('n\n0\n');
  await dgw('query', 'create', 'reader', '--sql', `SELECT * FROM ${copy}`);
  expect((await run('cache', 'rm', 'We i"rd', '--dry-run', '--with-reads')).stdout).toContain('reader');
});
