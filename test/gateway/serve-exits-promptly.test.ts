import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/dgw.js';
import { untilDuckDBAtWork } from '../support/process-cpu.js';
import { P, spawnServe, type SpawnedServer } from './helpers.js';

// `dgw serve` stops promptly while a statement runs: the running statement is interrupted before
// the databases close, and closing never holds the event loop, so a second Ctrl-C (or a SIGTERM)
// still ends the process at once. Before, closing waited for the statement: 35 to 38 s.
// The proofs are the exit codes (0 for a clean close, 128 + signal for a forced stop) and, where the
// statement cannot be interrupted, an exit in under half the time that statement takes on an idle
// machine (a busy one only makes the statement longer): never a bound of a few seconds.

const LONG = 'SELECT count(*) FROM range(100000000000) t(i) WHERE hash(i) % 7 = 3';
/**
 * About 30 s of work DuckDB cannot interrupt: a list function runs over one whole list before
 * DuckDB looks for an interrupt (measured: interrupted after 0.5 s, 50,000,000 elements returned after 49 s).
 */
const UNINTERRUPTIBLE = 'SELECT list_reduce(range(30000000), (a, b) -> a + b) AS s';
const tmp = tempDir('dgw-serve-exit-');
afterAll(() => tmp.remove());

/** A served gateway with a statement running on it (its request left open). */
async function busyServer(name: string, statement = LONG, extraArgs: string[] = []): Promise<SpawnedServer> {
  const server = await spawnServe(join(tmp.dir, name), join(tmp.dir, `${name}-config`), extraArgs);
  void fetch(`${server.baseUrl}${P}/queries/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ statement }),
  }).catch(() => undefined);
  await untilDuckDBAtWork(server.child.pid!);
  return server;
}

/**
 * Milliseconds from the first signal until the process has exited, and how it ended: its exit
 * code, or (a forced stop, which ends it as the signal would) what a shell reports, 128 + signal.
 */
async function exitTime(server: SpawnedServer, signals: NodeJS.Signals[]): Promise<{ ms: number; code: number | null }> {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };
  const exited = new Promise<number | null>((resolve) =>
    server.child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + (numbers[signal] ?? 0) : null))),
  );
  const started = Date.now();
  for (const [i, signal] of signals.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, 200));
    if (server.child.exitCode === null) server.child.kill(signal);
  }
  const code = await exited;
  return { ms: Date.now() - started, code };
}

describe('dgw serve while a statement runs', () => {
  it('exits at once on Ctrl-C twice, even while DuckDB cannot be interrupted', async () => {
    const { ms, code } = await exitTime(await busyServer('twice', UNINTERRUPTIBLE), ['SIGINT', 'SIGINT']);
    expect(ms).toBeLessThan(15_000);
    expect(code).toBe(130);
  });

  it('exits at once on SIGTERM twice, even while DuckDB cannot be interrupted', async () => {
    const { ms, code } = await exitTime(await busyServer('term-twice', UNINTERRUPTIBLE), ['SIGTERM', 'SIGTERM']);
    expect(ms).toBeLessThan(15_000);
    expect(code).toBe(143);
  });

  it('exits on one Ctrl-C: the statement is interrupted and the gateway closes', async () => {
    // The statement is minutes of work: a clean exit (0) at all, within the test's limit, is the interrupt's doing.
    const { code } = await exitTime(await busyServer('once'), ['SIGINT']);
    expect(code).toBe(0);
  });

  it('exits on its own 5 s after one Ctrl-C even while DuckDB cannot be interrupted: closing waits without holding the process', async () => {
    const { ms, code } = await exitTime(await busyServer('once-stuck', UNINTERRUPTIBLE), ['SIGINT']);
    // 130: ended by its own fallback, not after the statement (which would close cleanly, 0), and well before the statement's end.
    expect(ms).toBeLessThan(20_000);
    expect(code).toBe(130);
  });

  it('exits on SIGTERM', async () => {
    const { code } = await exitTime(await busyServer('term'), ['SIGTERM']);
    expect(code).toBe(0);
  });

  it('starts again on the same folder at once, with what it held', async () => {
    const server = await busyServer('again');
    await server.call('POST', `${P}/queries/execute`, { statement: 'CREATE TABLE svc.table.kept AS SELECT 42 AS x' });
    await exitTime(server, ['SIGINT']);
    const next = await spawnServe(join(tmp.dir, 'again'), join(tmp.dir, 'again-config'));
    try {
      const r = await next.call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT x FROM svc.table.kept' });
      expect(r.body.data).toEqual([[42]]);
    } finally {
      await next.stop();
    }
  });
});
