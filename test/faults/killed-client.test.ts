import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServe } from '../gateway/helpers.js';
import { startDgw, tempDir } from '../support/dgw.js';
import { untilDuckDBAtWork } from '../support/process-cpu.js';
import { createQueries, expectAllPresent, filesStartingWith, localDgw } from '../support/local-faults.js';

// A client killed (SIGKILL) in the middle of a statement that writes: what was acknowledged
// before stays, the statement's own write is not half there, and the next command works at once
// (in-process: the stale lock of the dead client is replaced; served: the server keeps serving).

const tmp = tempDir('dgw-killed-');
afterAll(() => tmp.remove());

/** An INSERT that reads for several seconds before it writes its one row. */
const SLOW_INSERT = 'INSERT INTO svc.table.counts SELECT count(*) FROM range(20000000000)';

/** Kills a dgw running a long INSERT once DuckDB is inside it: in the client's process, or in `serverPid`'s when served. */
async function killMidStatement(env: Record<string, string>, serverPid?: number): Promise<void> {
  const running = startDgw(['--debug', 'sql', SLOW_INSERT], { env });
  await running.waitForOutput('queries/execute');
  await untilDuckDBAtWork(serverPid ?? running.child.pid!);
  expect(running.child.exitCode, running.stderr()).toBeNull();
  running.child.kill('SIGKILL');
  const { code } = await running.exited;
  expect(code).toBeNull();
}

describe('a client killed mid-statement', () => {
  it('in-process: the acknowledged creates stay, the killed INSERT left no row, and the next command works at once', async () => {
    const data = path.join(tmp.dir, 'in-process');
    const config = path.join(tmp.dir, 'config');
    const dgw = localDgw(data, config);
    const acknowledged = await createQueries(dgw, 'before', 3);
    expect((await dgw(['sql', 'CREATE TABLE svc.table.counts (n BIGINT)'])).code).toBe(0);

    await killMidStatement({ DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config });
    // The dead client's lock is still there; the next command replaces it without waiting.
    expect(fs.existsSync(path.join(data, 'gateway.lock'))).toBe(true);
    // A lock judged live would be waited for and then refused (exit 12): the command working is the proof.
    await expectAllPresent(dgw, acknowledged);
    const rows = await dgw(['sql', 'SELECT count(*) AS n FROM svc.table.counts', '--json']);
    expect(rows.code, rows.stderr).toBe(0);
    expect(JSON.parse(rows.stdout)).toEqual([{ n: '0' }]); // count(*) is a BIGINT: a string
    expect(filesStartingWith(data, 'gateway.lock')).toEqual([]);
    await expectAllPresent(dgw, await createQueries(dgw, 'after', 1));
  });

  it('served: the server keeps serving, and keeps every acknowledged create', async () => {
    const data = path.join(tmp.dir, 'served');
    const config = path.join(tmp.dir, 'config');
    const server = await spawnServe(data, config);
    try {
      const dgw = localDgw(data, config);
      const acknowledged = await createQueries(dgw, 'before', 3);
      expect((await dgw(['sql', 'CREATE TABLE svc.table.counts (n BIGINT)'])).code).toBe(0);
      await killMidStatement({ DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config }, server.child.pid);
      await expectAllPresent(dgw, acknowledged);
      await expectAllPresent(dgw, await createQueries(dgw, 'after', 1));
    } finally {
      await server.stop('SIGINT');
    }
  });
});
