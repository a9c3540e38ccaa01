import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findProjectFile } from '../src/config/project-file.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// Where dgw looks for a project file: from the working folder up to the project root (a folder
// with a package.json or .git), and never in a file another user owns, which could name a host of
// theirs (a `.dgwrc.json` planted in a shared folder such as /tmp).

const temps: Array<{ remove: () => void }> = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

function tree(): string {
  const t = tempDir('dgw-pf-bounds-');
  temps.push(t);
  return t.dir;
}

describe('the project file search', () => {
  it('stops at a git checkout\'s root: a project file above it is not read', async () => {
    const top = tree();
    fs.writeFileSync(path.join(top, '.dgwrc.json'), '{"project":"from-above"}');
    const repo = path.join(top, 'repo');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.mkdirSync(path.join(repo, 'src'));
    expect((await findProjectFile(path.join(repo, 'src'))).file).toBeUndefined();
    const r = await runInProcess(['config', 'explain'], { env: { DGW_CONFIG_DIR: path.join(top, 'config') }, cwd: path.join(repo, 'src') });
    expect(r.stdout).toMatch(/^projectId\t\\N\tdefault$/m);
    // The checkout's own file is read.
    fs.writeFileSync(path.join(repo, '.dgwrc.json'), '{"project":"from-repo"}');
    expect((await findProjectFile(path.join(repo, 'src'))).file?.project).toBe('from-repo');
  });

  it('passes over a file another user owns, says so, and reads the next one of the user\'s own', async () => {
    const top = tree();
    const planted = path.join(top, 'shared', '.dgwrc.json');
    fs.mkdirSync(path.dirname(planted));
    fs.writeFileSync(planted, '{"baseUrl":"http://127.0.0.1:1/api/v1"}');
    fs.writeFileSync(path.join(top, '.dgwrc.json'), '{"project":"mine"}');
    const owner = { uid: 1000, stat: (file: string) => ({ uid: file === planted ? 4242 : 1000, mode: 0o644 }) };
    const found = await findProjectFile(path.join(top, 'shared'), owner);
    expect(found.foreign).toEqual([{ filepath: planted, uid: 4242 }]);
    expect(found.file?.project).toBe('mine');
    expect(found.file?.baseUrl).toBeUndefined();
    // Root's files are trusted, as ssh and git trust them.
    expect((await findProjectFile(path.join(top, 'shared'), { uid: 1000, stat: () => ({ uid: 0, mode: 0o644 }) })).file?.baseUrl).toBe('http://127.0.0.1:1/api/v1');
  });

  // Giving a file to another user takes root; elsewhere the test above covers the search.
  it.runIf(process.getuid?.() === 0)('a command warns of the file it passed over (run as root, the file given to another user)', async () => {
    const top = tree();
    fs.mkdirSync(path.join(top, '.git'));
    fs.writeFileSync(path.join(top, '.dgwrc.json'), '{"project":"planted"}');
    fs.chownSync(path.join(top, '.dgwrc.json'), 4242, 4242);
    const r = await runInProcess(['config', 'explain'], { env: { DGW_CONFIG_DIR: path.join(top, 'config') }, cwd: top });
    expect(r.stderr).toContain(`warning: ignored ${path.join(top, '.dgwrc.json')}: it belongs to user id 4242, not to you`);
    expect(r.stdout).toMatch(/^projectId\t\\N\tdefault$/m);
  });
});
