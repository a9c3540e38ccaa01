import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A FOLDER without its leading / is read as an id: `dgw folder view archive` said only "folder
// archive not found" though /archive exists, and `query list --folder archive` "no folder with id".

const tmp = tempDir('dgw-folder-slash-');
afterAll(() => tmp.remove());

it('a folder named without its / is exit 4 asking whether the path /NAME was meant, when it exists', async () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');
  await dgw('folder', 'create', '/archive');
  for (const args of [['folder', 'view', 'archive'], ['folder', 'rm', 'archive', '--yes'], ['query', 'list', '--folder', 'archive']]) {
    const r = await run(...args);
    expect(r.code, args.join(' ')).toBe(4);
    expect(r.stderr, args.join(' ')).toContain('; did you mean the path /archive? (a folder path starts with /)');
  }
  const other = await run('folder', 'view', 'nothere');
  expect([other.code, other.stderr]).toEqual([4, 'error: folder nothere not found in project demo (HTTP 404)\n']);
});
