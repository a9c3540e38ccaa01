import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `-o /proc/x.csv`: /proc exists but makes no files, so opening the temporary file said ENOENT,
// which was exit 1 "unexpected failure ... a bug" naming dgw's temporary file.

const tmp = tempDir('dgw-export-proc-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe.skipIf(!fs.existsSync('/proc/self'))('an export into a folder that takes no new files', () => {
  it('is exit 13 naming the file given, for query export and export get', async () => {
    expect((await dgw('query', 'create', 'Two', '--sql', 'SELECT 1 AS a UNION ALL SELECT 2')).code).toBe(0);
    const direct = await dgw('query', 'export', 'two', '-o', '/proc/x.csv');
    expect(direct.code, direct.stderr).toBe(13);
    expect(direct.stderr).toMatch(/^error: cannot write \/proc\/x\.csv: its folder takes no new files \(ENOENT\)$/m);
    const id = (await dgw('query', 'export', 'two', '--no-wait')).stdout.trim();
    const later = await dgw('export', 'get', id, '-o', '/proc/x.csv');
    expect(later.code, later.stderr).toBe(13);
    expect(later.stderr).toContain('cannot write /proc/x.csv');
  });
});
