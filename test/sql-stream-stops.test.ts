import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServe } from './gateway/helpers.js';
import { runDgw, startDgw, tempDir } from './support/dgw.js';

// A run-SQL answer read as it arrives stops when the person stops it: Ctrl-C while rows are
// streaming to stdout ends dgw at once (exit 130) and stops the statement behind the answer, on
// the in-process gateway (its rows are pulled a chunk at a time, so nothing is left running) and
// against dgw serve (the response stream is destroyed; that the server then ends the statement is
// test/gateway/streamed-answer.test.ts's and half-closed-client.test.ts's to prove). And
// --debug traces only the start of a big body, as it is read: never the whole answer.

const tmp = tempDir('dgw-stream-stops-');
afterAll(() => tmp.remove());
// Rows without end (1e10 of them, about 20 minutes to print here): only a stop ends this.
const ENDLESS = "SELECT i, hash(i) AS h, 'row ' || i AS label FROM range(10000000000) t(i)";

/** Starts `args`, waits until `bytes` of rows have been printed, then sends SIGINT; the exit code. The rows never end, so an exit at all is the stop's doing. */
async function interruptWhileStreaming(args: string[], env: Record<string, string>, bytes = 1 << 20): Promise<{ code: number | null; stderr: string; printed: number }> {
  const run = startDgw(args, { env });
  let printed = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${bytes} bytes of rows in 45 s: ${run.stderr()}`)), 45_000);
    run.child.stdout!.on('data', (chunk: string) => {
      printed += chunk.length;
      if (printed >= bytes) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  run.child.kill('SIGINT');
  const { code } = await run.exited;
  return { code, stderr: run.stderr(), printed };
}

describe('Ctrl-C while the rows stream', () => {
  it('in-process: exit 130 at once, and the data folder is free for the next command', async () => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };
    const r = await interruptWhileStreaming(['--zone', 'local', 'sql', ENDLESS, '--format', 'csv'], env);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/^error: interrupted$/m);
    const next = await runDgw(['--zone', 'local', 'sql', 'SELECT 42 AS n'], { env });
    expect(next.stdout, next.stderr).toBe('42\n');
  });

  it('against dgw serve: exit 130 at once, and the server goes on serving', async () => {
    const data = path.join(tmp.dir, 'served');
    const config = path.join(tmp.dir, 'served-config');
    const server = await spawnServe(data, config);
    try {
      const env = { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: data };
      const r = await interruptWhileStreaming(['--zone', 'local', 'sql', ENDLESS, '--format', 'csv'], env);
      expect(r.code, r.stderr).toBe(130);
      const next = await runDgw(['--zone', 'local', 'sql', 'SELECT 42 AS n'], { env });
      expect(next.stdout, next.stderr).toBe('42\n');
    } finally {
      await server.stop();
    }
  });
});

describe('--debug on a big answer', () => {
  it('traces the start of the body (4,000 characters and an ellipsis), never all of it; every row still reaches stdout', async () => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };
    const r = await runDgw(['--zone', 'local', '--debug', 'sql', 'SELECT i AS n FROM range(300000) t(i)', '--format', 'tsv', '--header'], { env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(300_001);
    const body = r.stderr.split('\n').find((l) => l.startsWith('  {"columns":'));
    expect(body, r.stderr.slice(0, 2000)).toBeDefined();
    expect(body!.endsWith('…')).toBe(true);
    expect(body!.length).toBeLessThanOrEqual(2 + 4000 + 1);
    expect(r.stderr.length).toBeLessThan(10_000);
  });
});
