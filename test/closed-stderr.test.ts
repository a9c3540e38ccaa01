import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DGW_BIN, runDgw, tempDir } from './support/dgw.js';

// A reader that closes dgw's stderr (`2>&1 | head -1`, a log collector that went away) takes
// nothing from the command: it goes on, and its exit code is its own. A write to the closed stderr
// crashed dgw with exit 1 after the change was made.

const tmp = tempDir('dgw-closed-stderr-');
afterAll(() => tmp.remove());
const env = { ...process.env, DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_ZONE: 'local', DGW_PAGER: '' };

/** Runs dgw with its stderr's reading end closed before dgw writes anything there. */
function withStderrClosed(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [DGW_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.destroy();
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

describe('dgw with its stderr closed by the reader', () => {
  it('a change that writes its success line on stderr exits 0, and the change is made', async () => {
    const r = await withStderrClosed(['query', 'create', 'Quiet one', '--sql', 'SELECT 1 AS one']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID\t\d+\n/);
    const list = await runDgw(['query', 'list', '--json', 'name'], { env: { DGW_CONFIG_DIR: env.DGW_CONFIG_DIR, DGW_LOCAL_DIR: env.DGW_LOCAL_DIR, DGW_ZONE: 'local' } });
    expect(JSON.parse(list.stdout)).toContainEqual({ name: 'quietone' });
  });

  it('a command that fails keeps its own exit code (4, not found)', async () => {
    const r = await withStderrClosed(['query', 'get', 'nosuchquery']);
    expect(r.code).toBe(4);
  });
});
