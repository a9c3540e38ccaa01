import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A cloned repository's project file managed code.folders ["/a/b"] and held queries/a as a link
// out of it: only the last directory (b) was checked for a link, so `dgw plan` read the .sql files
// out there and `dgw pull --force` removed and wrote them.

const tmp = tempDir('dgw-scope-link-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };

describe('a managed folder reached through a link', () => {
  it('is refused by pull, plan and apply (exit 2), and nothing out there is read, written or removed', async () => {
    for (const argv of [['folder', 'create', '/a/b'], ['query', 'create', 'victim', '--sql', 'SELECT 1 AS one', '--path', '/a/b']]) {
      expect((await runInProcess(argv, { env })).code).toBe(0);
    }
    const outside = path.join(tmp.dir, 'outside');
    fs.mkdirSync(path.join(outside, 'b'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'b', 'mine.sql'), 'SELECT 2 AS two');
    const repo = path.join(tmp.dir, 'repo');
    fs.mkdirSync(path.join(repo, 'queries'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.dgwrc.json'), JSON.stringify({ code: { dir: 'queries', folders: ['/a/b'] } }));
    fs.symlinkSync(outside, path.join(repo, 'queries', 'a'));
    for (const argv of [['pull', '--force'], ['plan'], ['apply', '--yes']]) {
      const r = await runInProcess(argv, { env, cwd: repo });
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('queries/a: is a symbolic link');
    }
    expect(fs.readdirSync(path.join(outside, 'b'))).toEqual(['mine.sql']);
  });
});
