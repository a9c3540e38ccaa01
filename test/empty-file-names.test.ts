import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// An empty file name resolves to the working folder: `table import T ""` said "FILE:  is a folder,
// not a file", `query export Q -o ""` "-o:  is a folder". Each is refused for what it is, before
// anything is sent.

const tmp = tempDir('dgw-empty-names-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('an empty file name', () => {
  it('table import T "" is exit 2: FILE is empty', async () => {
    const r = await dgw('table', 'import', 'orders', '');
    expect([r.code, r.stderr]).toEqual([2, 'error: FILE is empty (an unset variable?); name a file, or - for stdin\n']);
  });

  it('query export Q -o "" and export get ID -o "" are exit 2: -o is empty', async () => {
    for (const argv of [['query', 'export', 'anything', '-o', ''], ['export', 'get', 'anything', '-o', '']]) {
      const r = await dgw(...argv);
      expect([r.code, r.stderr], argv.join(' ')).toEqual([2, 'error: -o is empty (an unset variable?); name a file, or - for stdout\n']);
    }
  });
});
