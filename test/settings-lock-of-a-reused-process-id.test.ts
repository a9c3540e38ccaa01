import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { holdLock } from '../src/config/settings-lock.js';
import { tempDir } from './support/dgw.js';

// A dgw killed while it held the settings lock, whose process id another program now has: the lock was
// judged by id alone, so every settings change waited 10 s and exited 12 naming "another dgw".

const tmp = tempDir('dgw-settings-lock-reused-');
afterAll(() => tmp.remove());

it('a settings lock whose holder\'s id now belongs to a process started later is taken at once', async () => {
  const file = path.join(tmp.dir, 'config.json.lock');
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    // The lock as this process wrote it, its id then given to the other process (as after a kill -9 and reuse).
    const release = await holdLock(file);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(String(process.pid), String(other.pid)));
    const released = await holdLock(file);
    expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    released();
    release();
  } finally {
    other.kill();
  }
});
