import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DGW_BIN, tempDir } from './support/dgw.js';

// In-process, the CSV answer's reader is dgw itself, writing to its own stdout: a consumer that
// pauses longer than the served gateway lets a client read nothing (10 s: a pager, `| (sleep 15;
// wc -l)`) must get every row, not a cut answer and exit 6.

const tmp = tempDir('dgw-csv-slow-reader-');
afterAll(() => tmp.remove());

describe('dgw sql --format csv into a reader that pauses', () => {
  it('for longer than the served gateway\'s stall limit: every row arrives, exit 0', async () => {
    const env = { PATH: process.env.PATH, DGW_ZONE: 'local', DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), HOME: tmp.dir };
    const child = spawn(process.execPath, [DGW_BIN, 'sql', 'SELECT * FROM range(1000000)', '--format', 'csv'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    });
    child.stdout.pause();
    // The pause this is about: past the 10 s a served gateway allows.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([0, '']);
    expect(lines).toBe(1_000_001);
  });
});
