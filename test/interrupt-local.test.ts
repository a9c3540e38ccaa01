import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, startDgw, tempDir, type RunningDgw } from './support/dgw.js';
import { untilDuckDBAtWork } from './support/process-cpu.js';

// Ctrl-C during a statement of the in-process local gateway interrupts DuckDB and exits 130; the
// data folder is left consistent and free, so the next command works at once. The statement below
// runs for hours (1e9 rows take about 7 s on a 2-core machine), so dgw ending at all is the
// interrupt's doing, and exit code 130 says dgw ended by itself: a dgw still stuck 5 s after the
// signal is ended by the signal (src/cli.ts), which is no exit code. Nothing here is timed.
const LONG = 'SELECT count(*) AS n FROM range(1000000000000) t(i) WHERE hash(i) % 7 = 3';
const tmp = tempDir('dgw-interrupt-local-');
const env = { DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_LOCAL_DIR: `${tmp.dir}/data` };
const local = (...args: string[]) => runDgw(['--zone', 'local', ...args], { env });

beforeAll(async () => {
  for (const step of [
    ['sql', 'CREATE TABLE svc.table.size AS SELECT 10::BIGINT AS n'],
    ['query', 'create', 'Sized', '--materialized', '--sql', 'SELECT count(*) AS c FROM svc.table.size s, range(s.n) t(i) WHERE hash(i) % 7 = 3'],
    ['query', 'create', 'Quick', '--materialized', '--sql', 'SELECT 7 AS q'],
    ['sql', 'UPDATE svc.table.size SET n = 1000000000000'],
    ['sql', 'CREATE TABLE svc.table.wide (keep INTEGER, doomed INTEGER)'],
  ]) {
    const r = await local(...step);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(() => tmp.remove());

/** Starts `args` with --debug, waits until its request is in the gateway and DuckDB is at work, then interrupts it. */
async function interruptWhileRunning(args: string[], how: 'signal' | 'keystroke' = 'signal', request = '→ POST'): Promise<{ run: RunningDgw; code: number | null }> {
  const run = startDgw(['--zone', 'local', '--debug', ...args], { env, terminal: how === 'keystroke' });
  await run.waitForOutput(request);
  await untilDuckDBAtWork(run.child.pid!);
  if (how === 'signal') run.child.kill('SIGINT');
  else run.child.stdin!.write('\x03');
  const { code } = await run.exited;
  return { run, code };
}

async function nextCommandWorksAtOnce(): Promise<void> {
  const r = await local('sql', 'SELECT count(*) AS n FROM svc.table.orders', '--json');
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual([{ n: '60' }]); // count(*) is a BIGINT: a string
  // No waiting for a lock: the folder was let go.
  expect(r.stderr).not.toMatch(/busy|wait/i);
}

describe('Ctrl-C on the in-process gateway', () => {
  it('interrupts a long `dgw sql` at once: exit 130, and the folder is free', async () => {
    const { run, code } = await interruptWhileRunning(['sql', LONG]);
    expect(code).toBe(130);
    expect(run.stderr()).toMatch(/^error: interrupted$/m);
    expect(run.stderr()).not.toContain('stopping...');
    expect(run.stdout()).toBe('');
    await nextCommandWorksAtOnce();
  });

  it('interrupts a materialized `query create` whose build is long: nothing is created', async () => {
    const { code } = await interruptWhileRunning(['query', 'create', 'Long build', '--materialized', '--sql', LONG]);
    expect(code).toBe(130);
    const list = await local('query', 'list', '--json');
    expect(JSON.parse(list.stdout).map((q: { name: string }) => q.name)).not.toContain('longbuild');
    // DuckDB's catalog is out of reach of SQL (the sandbox): the table is simply not there to read.
    const table = await local('sql', 'SELECT count(*) AS n FROM svc.mtquery.longbuild', '--json');
    expect(table.code).toBe(6);
    expect(table.stderr).toMatch(/longbuild does not exist/);
    await nextCommandWorksAtOnce();
  });

  it('interrupts an in-process `mtquery refresh`: the refresh is CANCELLED and the previous result kept', async () => {
    const before = JSON.parse((await local('sql', 'SELECT c FROM svc.mtquery.sized', '--json')).stdout);
    const { code } = await interruptWhileRunning(['mtquery', 'refresh', 'sized']);
    expect(code).toBe(130);
    const status = JSON.parse((await local('mtquery', 'status', 'sized', '--json')).stdout);
    expect(status).toMatchObject({ status: 'CANCELLED', message: 'the refresh was cancelled' });
    expect(JSON.parse((await local('sql', 'SELECT c FROM svc.mtquery.sized', '--json')).stdout)).toEqual(before);
    await nextCommandWorksAtOnce();
  });

  it('interrupts an in-process `cache create` making its first copy: exit 130, the run CANCELLED, no copy', async () => {
    expect((await local('query', 'create', 'Long', '--sql', LONG)).code).toBe(0);
    const { code } = await interruptWhileRunning(['cache', 'create', '2.query.long'], 'signal', 'making the first copy');
    expect(code).toBe(130);
    const history = JSON.parse((await local('cache', 'history', 'long', '--json')).stdout);
    expect(history.map((r: { status: string }) => r.status)).toEqual(['CANCELLED']);
    expect((await local('sql', 'SELECT 1 FROM svc.cache.long')).code).toBe(6);
    expect((await local('cache', 'rm', 'long', '--yes')).code).toBe(0);
    await nextCommandWorksAtOnce();
  });

  it('interrupts a `query update` that rebuilds a materialized query: the old SQL and result stay', async () => {
    const { code } = await interruptWhileRunning(['query', 'update', 'quick', '--sql', LONG], 'signal', '→ PUT');
    expect(code).toBe(130);
    expect(JSON.parse((await local('query', 'get', 'quick', '--json')).stdout)).toMatchObject({ inputQuery: 'SELECT 7 AS q' });
    expect(JSON.parse((await local('sql', 'SELECT q FROM svc.mtquery.quick', '--json')).stdout)).toEqual([{ q: 7 }]);
    await nextCommandWorksAtOnce();
  });

  it('a second Ctrl-C right after the first: still exit 130 at once, and the folder is usable', async () => {
    const run = startDgw(['--zone', 'local', '--debug', 'sql', LONG], { env });
    await run.waitForOutput('→ POST');
    await untilDuckDBAtWork(run.child.pid!);
    run.child.kill('SIGINT');
    run.child.kill('SIGINT');
    const { code, signal } = await run.exited;
    // Two signals sent at once may reach dgw as one (exit 130 after the cancel) or as two: the
    // second ends dgw at once by the signal itself, which a shell reports as 130 too.
    expect(code === 130 || (code === null && signal === 'SIGINT'), `code ${code}, signal ${signal}`).toBe(true);
    // Whatever the second signal cut short (even the lock's release), the next command goes ahead.
    await nextCommandWorksAtOnce();
  });

  it('Ctrl-C at the question of `table drop-column`: exit 130, the column is kept', async () => {
    const run = startDgw(['--zone', 'local', 'table', 'drop-column', 'wide', 'doomed'], { env, terminal: true });
    await run.waitForOutput('Type "doomed" to confirm');
    run.child.stdin!.write('\x03');
    expect((await run.exited).code).toBe(130);
    const columns = JSON.parse((await local('table', 'list', 'wide', '--json')).stdout).map((c: { name: string }) => c.name);
    expect(columns).toEqual(['keep', 'doomed']);
    await nextCommandWorksAtOnce();
  });

  it('Ctrl-C while waiting for the folder another dgw holds: the wait ends, saying so, the holder untouched', async () => {
    const holder = startDgw(['--zone', 'local', '--debug', 'sql', LONG], { env });
    // The holder runs for hours: stopped whatever happens here, or every later test finds the folder held.
    try {
      await holder.waitForOutput('→ POST');
      const waiter = startDgw(['--zone', 'local', '--debug', 'sql', 'SELECT 1 AS one'], { env });
      // Started, and waiting: it has not opened the gateway (no request traced) after a second.
      await new Promise((r) => setTimeout(r, 1000));
      expect(waiter.stderr()).not.toContain('→ POST');
      waiter.child.kill('SIGINT');
      const { code, signal } = await waiter.exited;
      // The wait ended by the interrupt says so: a Ctrl-C it did not hear ends silently, by the 5 s fallback (the signal, no
      // exit code). A busy machine may let the fallback end even a dgw that heard it, so the words are the proof, not the code.
      expect(waiter.stderr()).toMatch(/^error: interrupted$/m);
      expect(code === 130 || (code === null && signal === 'SIGINT'), `code ${code}, signal ${signal}`).toBe(true);
      expect(waiter.stderr()).not.toContain('in use by another dgw');
      expect(holder.child.exitCode).toBe(null);
    } finally {
      holder.child.kill('SIGINT');
      await holder.exited;
    }
    await nextCommandWorksAtOnce();
  });

  it('a request that runs out of --timeout interrupts its statement the same way: exit 9, folder free', async () => {
    // dgw waits for a statement it could not interrupt before it exits: ending at all is the interrupt's doing.
    const r = await local('--timeout', '1s', 'sql', LONG);
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(/timed out after 1 s/);
    await nextCommandWorksAtOnce();
  });

  it('on a terminal, Ctrl-C says "stopping..." and exits 130', async () => {
    const { run, code } = await interruptWhileRunning(['sql', LONG], 'keystroke');
    expect(code).toBe(130);
    expect(run.stdout()).toMatch(/stopping\.\.\.\r?\n/);
    expect(run.stdout()).toMatch(/error: interrupted/);
    await nextCommandWorksAtOnce();
  });
});
