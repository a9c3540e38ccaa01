import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A file where pull makes a folder's directory got the hint of dgw's own folders (XDG_CONFIG_HOME,
// DGW_LOCAL_DIR), which have nothing to do with the code directory.

const tmp = tempDir('dgw-pull-in-the-way-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };

describe('pull where a file sits in the way of a folder', () => {
  it('names the file and says to move it, not the variables of dgw folders', async () => {
    const made = await runInProcess(['query', 'create', 'Note one', '--sql', 'SELECT 1', '--path', '/notes.txt', '--parents'], { env, cwd: tmp.dir });
    expect(made.code, made.stderr).toBe(0);
    fs.mkdirSync(path.join(tmp.dir, 'queries'));
    fs.writeFileSync(path.join(tmp.dir, 'queries', 'notes.txt'), 'mine\n');
    const pulled = await runInProcess(['pull', '--force'], { env, cwd: tmp.dir });
    expect(pulled.code).toBe(13);
    expect(pulled.stderr).toContain(`${path.join(tmp.dir, 'queries', 'notes.txt')} is a file, not a directory`);
    expect(pulled.stderr).toContain('hint: move or rename that file in queries/');
    expect(pulled.stderr).not.toContain('DGW_LOCAL_DIR');
    expect(fs.readFileSync(path.join(tmp.dir, 'queries', 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('a --dir below a file names that file, not the directory it could not make', async () => {
    fs.writeFileSync(path.join(tmp.dir, 'afile'), 'mine\n');
    const pulled = await runInProcess(['pull', '--dir', 'afile/sub'], { env, cwd: tmp.dir });
    expect(pulled.code).toBe(13);
    expect(pulled.stderr).toContain(`${path.join(tmp.dir, 'afile')} is a file, not a directory`);
    expect(pulled.stderr).not.toContain('in afile/sub/');
    expect(fs.readFileSync(path.join(tmp.dir, 'afile'), 'utf8')).toBe('mine\n');
  });
});
