import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `query export --no-wait -o FILE` started the export, printed its id and exited 0, writing nothing
// under -o: the flag was dropped unseen. It is refused (exit 2) before anything is sent.

const tmp = tempDir('dgw-export-no-wait-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('query export --no-wait -o FILE', () => {
  it('is exit 2 naming export get, and starts no export', async () => {
    expect((await dgw('query', 'create', 'All orders', '--sql', 'SELECT * FROM svc.table.orders')).code).toBe(0);
    const r = await dgw('query', 'export', 'allorders', '--no-wait', '-o', path.join(tmp.dir, 'later.csv'));
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('-o does not go with --no-wait')]);
    expect((await dgw('export', 'list', '--json', 'id')).stdout.trim()).toBe('[]');
    expect(fs.existsSync(path.join(tmp.dir, 'later.csv'))).toBe(false);
  });
});
