import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A query named twice (twice by name, or by name and by id) is deleted once: the second DELETE would be a 404 for a query this command itself deleted.

const tmp = tempDir('dgw-query-rm-twice-');
afterAll(() => tmp.remove());

describe('query rm given the same query twice', () => {
  const { dgw, run, json } = localCli(tmp.dir, 'spec');

  it('deletes it once and exits 0, by name twice', async () => {
    await dgw('query', 'create', 'twice', '--sql', 'SELECT 1 AS x');
    const r = await run('query', 'rm', 'twice', 'twice', '--yes');
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('deleted 1 query');
    await dgw('query', 'create', 'asked', '--sql', 'SELECT 1 AS x');
    const dry = await run('query', 'rm', 'asked', 'asked', '--dry-run');
    expect(dry.stdout).toContain('This would delete query asked.');
  });

  it('deletes it once, by name and by id, and the --json answer lists it once', async () => {
    const { id } = await json('query', 'create', 'byboth', '--sql', 'SELECT 1 AS x');
    const r = await run('query', 'rm', 'byboth', id, '--yes', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id, deleted: true }]);
  });
});
