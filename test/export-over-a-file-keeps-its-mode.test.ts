import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `-o` naming a file of mode 0600 replaced it with a file of mode 0644: the rows a user kept
// private became readable by everyone, where a shell's `>` keeps the file's mode.

const tmp = tempDir('dgw-export-mode-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe.skipIf(process.platform === 'win32')('an export over an existing file', () => {
  it('keeps the mode of the file it replaces (and makes it writable by its owner), for query export and export get', async () => {
    expect((await dgw('query', 'create', 'Two', '--sql', 'SELECT 1 AS a UNION ALL SELECT 2')).code).toBe(0);
    const file = path.join(tmp.dir, 'private.csv');
    fs.writeFileSync(file, 'old\n', { mode: 0o600 });
    expect((await dgw('query', 'export', 'two', '-o', file)).code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.chmodSync(file, 0o400);
    const id = (await dgw('query', 'export', 'two', '--no-wait')).stdout.trim();
    expect((await dgw('export', 'get', id, '-o', file)).code).toBe(0);
    expect(fs.statSync(file).mode & 0o777, 'a read-only file gets its owner\'s write bit, which the copy into it needs').toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe('a\n1\n2\n');
  });
});
