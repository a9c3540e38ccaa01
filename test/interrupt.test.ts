import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DGW_BIN } from './support/dgw.js';
import { useStandIn } from './support/stand-in.js';

// Ctrl-C aborts the request in flight and exits 130 with one line, not a stack trace.
const { server, env } = useStandIn();

describe('interrupt', () => {
  it('SIGINT during a slow request exits 130', async () => {
    // An answer ten minutes away, far past the test's own limit: only the interrupt can end the command before it fails.
    server.on('GET', '/data/projects/proj-1/catalogs', { delayMs: 600_000, json: [] });
    const child = spawn(process.execPath, [DGW_BIN, 'catalog', 'list'], { env: { ...process.env, CI: '', ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Interrupt once the request has reached the server, however long a busy machine takes to start dgw.
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(1);
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(stderr).toMatch(/^error: interrupted$/m);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
