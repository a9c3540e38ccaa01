import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// config.json made a folder (a mistaken mkdir, a bad volume mount) was "unexpected failure:
// EISDIR ... this is a bug in dgw" (exit 1); it is a fault of this machine, named (exit 13).

const tmp = tempDir('dgw-config-folder-');
afterAll(() => tmp.remove());

describe('a settings file that is a folder', () => {
  it('config.json: exit 13 naming it, not "a bug in dgw"', async () => {
    const config = path.join(tmp.dir, 'config');
    fs.mkdirSync(path.join(config, 'config.json'), { recursive: true });
    const r = await runInProcess(['--zone', 'local', 'query', 'list'], { env: { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: path.join(tmp.dir, 'data') }, cwd: tmp.dir });
    expect(r.code, r.stderr).toBe(13);
    expect(r.stderr).toContain(`cannot use ${path.join(config, 'config.json')}: it is a folder, where dgw keeps a file (EISDIR)`);
    expect(r.stderr).not.toMatch(/a bug in dgw/);
  });
});
