import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `-o` with a file name over 255 bytes ran the whole export, then failed at the rename as
// exit 1 "unexpected failure: ENAMETOOLONG ... this is a bug".

const tmp = tempDir('dgw-export-long-name-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('an export to a file name longer than a file system takes', () => {
  it('is exit 2 before any export job is started', async () => {
    expect((await dgw('query', 'create', 'Two', '--sql', 'SELECT 1 AS a UNION ALL SELECT 2')).code).toBe(0);
    const r = await dgw('query', 'export', 'two', '-o', `${'é'.repeat(128)}.csv`);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('is longer than 255 bytes');
    expect((await dgw('export', 'list', '-q')).stdout).toBe('');
  });
});
