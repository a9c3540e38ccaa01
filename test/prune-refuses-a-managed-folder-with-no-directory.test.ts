import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// code.folders ["/marts"] newly in the project file and no queries/marts/ yet (not pulled):
// `dgw apply --prune --yes` deleted every query in /marts, though an absent queries/ itself is
// refused for that very reason ("a plan of an absent directory would read as delete everything").

const tmp = tempDir('dgw-absent-scope-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };
const repo = path.join(tmp.dir, 'repo');
const run = (...argv: string[]) => runInProcess(argv, { env, cwd: repo });

describe('a managed folder whose directory is absent', () => {
  it('is refused by plan and apply with --prune while the project holds queries in it; an empty directory still deletes them', async () => {
    fs.mkdirSync(path.join(repo, 'queries'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.dgwrc.json'), JSON.stringify({ code: { folders: ['/marts', '/new'] } }));
    for (const argv of [['folder', 'create', '/marts'], ['query', 'create', 'm1', '--sql', 'SELECT 1 AS one', '--path', '/marts']]) {
      expect((await run(...argv)).code, argv.join(' ')).toBe(0);
    }
    for (const argv of [['plan', '--prune'], ['apply', '--prune', '--yes']]) {
      const r = await run(...argv);
      expect(r.code, r.stderr).toBe(14);
      expect(r.stderr).toContain('the directory of managed folder /marts (queries/marts/) does not exist, and --prune would delete every query in it');
    }
    expect((await run('query', 'get', 'm1')).code).toBe(0);
    expect((await run('plan')).code).toBe(0);

    fs.mkdirSync(path.join(repo, 'queries', 'marts'));
    const emptied = await run('apply', '--prune', '--yes');
    expect(emptied.code, emptied.stderr).toBe(0);
    expect(emptied.stderr).toContain('delete query m1');
  });
});
