import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { walkShapes } from './support/walk-shapes.js';

// folder rm --force deletes the subfolders and queries too: the success line counts them.

const tmp = tempDir('dgw-folder-rm-what-went-');
afterAll(() => tmp.remove());

describe.each(walkShapes)('folder rm --force --yes (%s shape)', (shape) => {
  const { dgw, run } = localCli(tmp.dir, shape);

  it('says how many subfolders and queries went with the folder', async () => {
    await dgw('folder', 'create', '/old/sub', '--parents');
    await dgw('query', 'create', 'oldq', '--sql', 'SELECT 1 AS x', '--path', '/old/sub');
    const r = await run('folder', 'rm', '/old', '--force', '--yes');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('deleted folder /old with its 1 subfolder and 1 query');
  });

  it('a part that is none is left out, and a folder named by id says the same as by path', async () => {
    await dgw('folder', 'create', '/flat');
    await dgw('query', 'create', 'flatq', '--sql', 'SELECT 1 AS x', '--path', '/flat');
    expect((await run('folder', 'rm', '/flat', '--force', '--yes')).stderr).toContain('deleted folder /flat with its 1 query\n');
    const { id } = JSON.parse(await dgw('folder', 'create', '/byid', '--json'));
    await dgw('query', 'create', 'byidq', '--sql', 'SELECT 1 AS x', '--path', '/byid');
    expect((await run('folder', 'rm', id, '--force', '--yes')).stderr).toContain('deleted folder /byid with its 1 query\n');
  });

  it('an empty folder is just deleted', async () => {
    await dgw('folder', 'create', '/empty');
    expect((await run('folder', 'rm', '/empty', '--yes')).stderr).toMatch(/deleted folder \/empty\n$/);
  });
});
