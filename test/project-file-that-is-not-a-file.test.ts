import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A `.dgwrc.json` that is a named pipe held every dgw command in that folder forever (reading it
// waits for a writer, and Ctrl-C cannot stop a blocked read); a link to /dev/zero read without end.
// Now each is exit 2 naming the file; a folder of that name is passed over, as before.

const tmp = tempDir('dgw-pf-not-a-file-');
afterAll(() => tmp.remove());

describe.skipIf(process.platform === 'win32')('a project file that is not a regular file', () => {
  it('a named pipe: exit 2 naming it, without opening it (a writer waiting on it is never read)', async () => {
    const dir = path.join(tmp.dir, 'fifo');
    fs.mkdirSync(dir);
    const fifo = path.join(dir, '.dgwrc.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A writer, so that reading the pipe (the defect) ends instead of holding the test forever.
    const writer = spawn('sh', ['-c', `printf '{"project":"from-the-pipe"}' > "$1"`, 'sh', fifo], { stdio: 'ignore' });
    try {
      const r = await runInProcess(['config', 'explain'], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config') }, cwd: dir });
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain(`project file ${fifo} is not a regular file (a named pipe or a device?)`);
    } finally {
      writer.kill();
    }
  });

  it('a link to a device: exit 2 naming it; a folder of that name is still passed over', async () => {
    const dir = path.join(tmp.dir, 'device');
    fs.mkdirSync(path.join(dir, '.dgwrc.json'), { recursive: true });
    fs.symlinkSync('/dev/null', path.join(dir, '.dgwrc.yaml'));
    const r = await runInProcess(['config', 'explain'], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config') }, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`project file ${path.join(dir, '.dgwrc.yaml')} is not a regular file`);
  });
});
