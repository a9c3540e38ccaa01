import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// git keeps no empty directory: a folder that `dgw pull` wrote as an empty directory was gone in
// every clone, where `dgw plan --prune` planned to delete it and the README's CI recipe
// (`apply --prune --yes`) deleted it. pull now writes a `.gitkeep` into such a folder.

const tmp = tempDir('dgw-pull-git-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=ci@example.com', '-c', 'user.name=ci', ...args], { cwd, stdio: 'pipe' });
const dgw = async (cwd: string, ...argv: string[]) => {
  const r = await runInProcess(argv, { env, cwd });
  expect(r.code, `dgw ${argv.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
};

describe('an empty folder pulled, committed and cloned', () => {
  it('is still there in the clone: plan --prune has nothing to do, and apply --prune deletes nothing', async () => {
    const work = path.join(tmp.dir, 'work');
    fs.mkdirSync(work);
    await dgw(work, 'folder', 'create', '/reports/monthly/empty', '--parents');
    await dgw(work, 'folder', 'create', '/staging');
    await dgw(work, 'query', 'create', 'pulled_one', '--sql', 'SELECT 1 AS one', '--path', '/reports', '-q');
    await dgw(work, 'pull');
    expect(fs.readFileSync(path.join(work, 'queries', 'reports', 'monthly', 'empty', '.gitkeep'), 'utf8')).toBe('');
    expect(fs.existsSync(path.join(work, 'queries', 'staging', '.gitkeep'))).toBe(true);
    // A folder with a query below it needs no marker.
    expect(fs.existsSync(path.join(work, 'queries', 'reports', '.gitkeep'))).toBe(false);

    git(work, 'init', '-q');
    git(work, 'add', '-A');
    git(work, 'commit', '-qm', 'queries');
    const clone = path.join(tmp.dir, 'clone');
    git(tmp.dir, 'clone', '-q', work, clone);

    const plan = await runInProcess(['plan', '--prune', '--exit-code'], { env, cwd: clone });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes');
    await dgw(clone, 'apply', '--prune', '--yes');
    const folders = JSON.parse((await dgw(clone, 'folder', 'list', '--json', 'path')).stdout) as Array<{ path: string }>;
    expect(folders.map((f) => f.path)).toEqual(expect.arrayContaining(['/reports/monthly/empty', '/staging']));
  });

  it('a second pull keeps the marker; a folder gone from the project takes its marker and directory with it', async () => {
    const work = path.join(tmp.dir, 'work');
    await dgw(work, 'pull');
    await dgw(work, 'folder', 'rm', '/staging', '--yes');
    await dgw(work, 'pull', '--force');
    expect(fs.existsSync(path.join(work, 'queries', 'staging'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'queries', 'reports', 'monthly', 'empty', '.gitkeep'))).toBe(true);
  });
});
