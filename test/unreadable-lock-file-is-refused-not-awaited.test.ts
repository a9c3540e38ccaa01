import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A gateway.lock dgw cannot read (a folder in its place; another user's file) never goes away by
// itself: dgw says so, exit 13, instead of trying to take the folder forever.

const tmp = tempDir('dgw-lock-unreadable-');
afterAll(() => tmp.remove());

it('a folder named gateway.lock: query list and serve exit 13 naming it, promptly', async () => {
  const data = path.join(tmp.dir, 'local');
  fs.mkdirSync(path.join(data, 'gateway.lock'), { recursive: true });
  const env = { DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_ZONE: 'local' };
  for (const argv of [['query', 'list'], ['serve', '--port', '0']]) {
    const r = await runInProcess(argv, { env });
    expect(r.code, argv.join(' ')).toBe(13);
    expect(r.stderr).toContain(`error: cannot use ${path.join(data, 'gateway.lock')}: it is a folder, where dgw keeps a file (EISDIR)`);
  }
});
