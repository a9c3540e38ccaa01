import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `folder mv` says how many queries it moved: one already at the root, or named twice, is not counted as moved.
const tmp = tempDir('dgw-folder-mv-count-');
afterAll(() => tmp.remove());

describe('folder mv counts what moved', () => {
  it('to / of a query in no folder says so and claims no move; a query named twice is moved once', async () => {
    const { run, dgw } = localCli(tmp.dir, 'spec');
    const id = (await dgw('query', 'create', 'Loose', '--sql', 'SELECT 1 AS x', '-q')).trim();
    const atRoot = await run('folder', 'mv', id, '/');
    expect(atRoot.code).toBe(0);
    expect(atRoot.stderr).toContain('those queries are in no folder already');
    expect(atRoot.stderr).not.toContain('✓');
    const twice = await run('folder', 'mv', id, id, '/reports', '--parents');
    expect(twice.stderr).toContain('✓ moved 1 query to /reports');
    expect((await run('folder', 'mv', id, id, '/')).stderr).toContain('✓ moved 1 query to /');
  });
});
