import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A folder chain deeper than the file system's longest path (1,000 levels of /level0000/...):
// pull made directories until mkdir said ENAMETOOLONG, exit 14 with the raw error and half a pull
// left behind. It now finds this before writing: it names the least deep folder that does not fit,
// says the limit, and writes nothing. The chain here is 3 long folders under a directory whose own
// path is near the limit, which is the same thing in bytes.

const tmp = tempDir('dgw-pull-too-deep-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };

/** A directory path of `bytes` bytes under the test's folder, in steps a file system takes (at most 255 bytes a name). */
function pathOf(bytes: number): string {
  let dir = tmp.dir;
  while (Buffer.byteLength(dir) < bytes) dir = path.join(dir, 'd'.repeat(Math.min(200, bytes - Buffer.byteLength(dir) - 1)));
  return dir;
}

/** Linux's PATH_MAX, less its NUL. */
const MAX = 4095;
const deep = `/top/${'a'.repeat(250)}/${'b'.repeat(250)}`;

describe.skipIf(process.platform !== 'linux')('pull of a folder too deep for the file system', () => {
  beforeAll(async () => {
    for (const args of [['folder', 'create', deep], ['query', 'create', 'Shallow', '--sql', 'SELECT 1', '--path', '/top']]) {
      const made = await runInProcess(args, { env, cwd: tmp.dir });
      expect(made.code, made.stderr).toBe(0);
    }
  });

  it('is refused before anything is written, naming the folder and the limit', async () => {
    const root = path.join(pathOf(MAX - 400), 'q');
    const r = await runInProcess(['pull', '--dir', root], { env, cwd: tmp.dir });
    expect(r.code, r.stderr).toBe(14);
    expect(r.stderr).toContain(`error: cannot pull into ${root}/: folder ${deep} is too deep for this file system (a path of `);
    expect(r.stderr).toContain(`more than the ${MAX} it takes); nothing was written`);
    expect(r.stderr).not.toContain('ENAMETOOLONG');
    expect(fs.existsSync(root), 'the directory pull would have made').toBe(false);
  });

  it('a chain that fits is pulled whole', async () => {
    const root = path.join(tmp.dir, 'fits');
    const r = await runInProcess(['pull', '--dir', root, '--json'], { env, cwd: tmp.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(root, 'top', 'a'.repeat(250), 'b'.repeat(250), '.gitkeep'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'top', 'shallow.sql'))).toBe(true);
  });
});
