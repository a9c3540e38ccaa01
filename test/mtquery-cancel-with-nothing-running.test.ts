import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// mtquery cancel when no refresh runs: the status says so, and dgw does not claim a cancel.

const tmp = tempDir('dgw-mtquery-cancel-idle-');
afterAll(() => tmp.remove());

describe('mtquery cancel with no refresh running', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('says nothing was cancelled, and exits 0 with the status', async () => {
    await dgw('mtquery', 'create', 'Idle', '--sql', 'SELECT 1 AS x');
    const r = await run('mtquery', 'cancel', 'idle');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('COMPLETED');
    expect(r.stderr).toContain('no refresh of idle was running (the last one ended COMPLETED): nothing was cancelled');
    expect(r.stderr).not.toContain('requested');
  });

  it('after a refresh that was cancelled, says nothing was cancelled, not that a cancel was requested', async () => {
    const db = await DuckDBInstance.create(join(tmp.dir, 'slow.duckdb'));
    const conn = await db.connect();
    await conn.run('CREATE VIEW slow AS SELECT i FROM range(10000000000) t(i) WHERE hash(i) % 7 = 3');
    conn.closeSync();
    db.closeSync();
    await dgw('mtquery', 'create', 'Stopped', '--sql', 'SELECT count(*) AS n FROM slow.main.slow', '--no-check-schema');
    await dgw('connection', 'create', 'slow', '--type', 'duckdb', '--field', `path=${join(tmp.dir, 'slow.duckdb')}`);
    expect((await run('mtquery', 'refresh', 'stopped', '--wait', '--timeout', '1s')).code).toBe(9);
    const r = await run('mtquery', 'cancel', 'stopped');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('no refresh of stopped was running (the last one ended CANCELLED): nothing was cancelled');
    expect(r.stderr).not.toContain('requested');
  });
});
