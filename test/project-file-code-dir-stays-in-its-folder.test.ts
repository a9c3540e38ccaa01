import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A cloned repository's .dgwrc.json named code.dir "../../somewhere" (or an absolute path, or a
// link out): `dgw pull --force` then wrote and removed .sql files there. A project file may only
// name a directory inside its own folder; --dir, typed by the user, may name any.

const tmp = tempDir('dgw-code-dir-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };

/** A checkout named `name` whose project file (at `file`, default .dgwrc.json) sets code.dir. */
function checkout(name: string, dir: string, file = '.dgwrc.json'): string {
  const repo = path.join(tmp.dir, name);
  fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), JSON.stringify({ code: { dir } }));
  return repo;
}

describe("a project file's code.dir", () => {
  it.each([
    ['a path up and out', '../outside-up'],
    ['an absolute path', path.join(tmp.dir, 'outside-abs')],
  ])('%s is refused before anything is written (exit 2)', async (_label, dir) => {
    const repo = checkout(`repo-${path.basename(dir)}`, dir);
    for (const argv of [['pull', '--force'], ['plan'], ['apply', '--yes']]) {
      const r = await runInProcess(argv, { env, cwd: repo });
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain("is outside the project file's folder");
    }
    expect(fs.existsSync(path.resolve(repo, dir))).toBe(false);
  });

  it('a link inside the checkout that leads out is refused too', async () => {
    const outside = path.join(tmp.dir, 'outside-link');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'mine.sql'), 'SELECT 1');
    const repo = checkout('repo-link', 'queries/sub');
    fs.symlinkSync(outside, path.join(repo, 'queries'));
    const r = await runInProcess(['pull', '--force'], { env, cwd: repo });
    expect(r.code, r.stderr).toBe(2);
    expect(fs.readdirSync(outside)).toEqual(['mine.sql']);
  });

  it('inside the checkout it is used, also from .config/ one folder up, and --dir may name any place', async () => {
    const repo = checkout('repo-config', '../sql', '.config/dgwrc.json');
    expect((await runInProcess(['query', 'create', 'kept', '--sql', 'SELECT 1 AS one'], { env, cwd: repo })).code).toBe(0);
    const r = await runInProcess(['pull'], { env, cwd: repo });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readdirSync(path.join(repo, 'sql'))).toContain('kept.sql');
    const elsewhere = path.join(tmp.dir, 'chosen');
    const byFlag = await runInProcess(['pull', '--dir', elsewhere], { env, cwd: checkout('repo-flag', '../nope') });
    expect(byFlag.code, byFlag.stderr).toBe(0);
    expect(fs.readdirSync(elsewhere)).toContain('kept.sql');
  });
});
