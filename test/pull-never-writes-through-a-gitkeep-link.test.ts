import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A cloned repository held queries/empty/.gitkeep as a link to a file outside it: `dgw pull`
// (no --force) wrote the empty marker through the link, truncating that file, and exited 0.
// A .gitkeep that is a pipe made pull block for ever, deaf to Ctrl-C.

const tmp = tempDir('dgw-gitkeep-link-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };

describe('a .gitkeep that is not a regular file', () => {
  it('is refused by pull and plan (exit 2), and the file it links to is left whole', async () => {
    expect((await runInProcess(['folder', 'create', '/empty'], { env })).code).toBe(0);
    const victim = path.join(tmp.dir, 'precious.txt');
    fs.writeFileSync(victim, 'precious data\n');
    const repo = path.join(tmp.dir, 'repo');
    fs.mkdirSync(path.join(repo, 'queries', 'empty'), { recursive: true });
    fs.symlinkSync(victim, path.join(repo, 'queries', 'empty', '.gitkeep'));
    for (const argv of [['pull'], ['pull', '--force'], ['plan']]) {
      const r = await runInProcess(argv, { env, cwd: repo });
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('queries/empty/.gitkeep: is not a regular file');
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious data\n');
  });
});
