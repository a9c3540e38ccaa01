import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// pull without --force listed a folder's directory among the entries it would remove; with --force
// it removed it but named only the files, and its count left the directories out.

const tmp = tempDir('dgw-pull-rmdir-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };

describe('pull --force over directories of no project folder', () => {
  it('names each directory it removed, and only those, in its notes, its count and --json', async () => {
    const dir = path.join(tmp.dir, 'queries');
    fs.mkdirSync(path.join(dir, 'gone', 'sub'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'docs', 'old'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'gone', 'sub', 'stale.sql'), 'SELECT 1\n');
    fs.writeFileSync(path.join(dir, 'docs', 'README.md'), 'kept\n');
    const refused = await runInProcess(['pull'], { env, cwd: tmp.dir });
    expect(refused.code).toBe(14);
    expect(refused.stderr).toContain('queries/gone/ (no such folder in the project)');

    const pulled = await runInProcess(['pull', '--force', '--json'], { env, cwd: tmp.dir });
    expect(pulled.code, pulled.stderr).toBe(0);
    // docs/ still holds its README, so it stays and is not named.
    expect((JSON.parse(pulled.stdout) as { removed: string[] }).removed.sort()).toEqual(['docs/old/', 'gone/', 'gone/sub/', 'gone/sub/stale.sql']);
    expect(fs.existsSync(path.join(dir, 'gone'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'docs', 'README.md'))).toBe(true);
  });

  it('without --force lists only what --force would remove: a directory holding a README is not listed, and with nothing else to remove pull writes', async () => {
    const dir = path.join(tmp.dir, 'queries');
    fs.mkdirSync(path.join(dir, 'notes'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'notes', 'stale.sql'), 'SELECT 1\n');
    fs.writeFileSync(path.join(dir, 'notes', 'README.md'), 'kept\n');
    const refused = await runInProcess(['pull'], { env, cwd: tmp.dir });
    expect(refused.stderr).toContain('pull would replace or remove 1 entry that the project does not match: queries/notes/stale.sql (no such query there in the project); nothing was written');
    expect((await runInProcess(['pull', '--force'], { env, cwd: tmp.dir })).code).toBe(0);
    const again = await runInProcess(['pull'], { env, cwd: tmp.dir });
    expect(again.code, again.stderr).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'notes'))).toEqual(['README.md']);
  });
});
