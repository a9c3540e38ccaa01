import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsBinaryWould } from '../support/in-process.js';
import { spawnServe, tempDir, type SpawnedServer } from './helpers.js';

// `dgw mtquery refresh` on the in-process local gateway: the refresh has ended before dgw exits,
// so the command reports how it ended (the final status; exit 10 when it failed) instead of
// "started". A served gateway keeps answering "accepted" at once.
const tmp = tempDir('dgw-refresh-outcome-');
const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'local') };
// In-process: the refresh ends within the command, whose report and exit code are tested; only the served gateway is a process.
const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });

beforeAll(async () => {
  for (const step of [
    ['sql', 'CREATE TABLE svc.table.src (a INTEGER)'],
    ['sql', 'INSERT INTO svc.table.src VALUES (1), (2)'],
    ['query', 'create', 'From src', '--materialized', '--sql', 'SELECT sum(a) AS s FROM svc.table.src'],
  ]) {
    const r = await local(...step);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(() => tmp.remove());

describe('mtquery refresh on the in-process gateway', () => {
  it('a refresh that fails (its source table was dropped): exit 10 with the reason, never "started"', async () => {
    expect((await local('sql', 'DROP TABLE svc.table.src')).code).toBe(0);
    const r = await local('mtquery', 'refresh', 'fromsrc');
    expect(r.code).toBe(10);
    expect(r.stderr).toMatch(/^error: refresh of fromsrc failed: Catalog Error: Table with name src does not exist/m);
    expect(r.stderr).not.toContain('started');
    // The final status is printed whichever way the refresh ended.
    expect(r.stdout).toContain('STATUS\tFAILED\n');

    const json = await local('mtquery', 'refresh', 'fromsrc', '--json');
    expect(json.code).toBe(10);
    expect(JSON.parse(json.stdout)).toMatchObject({ queryName: 'fromsrc', status: 'FAILED' });
    expect(JSON.parse(json.stderr).error).toMatchObject({ kind: 'refresh_failed' });
  });

  it('a refresh that succeeds: the final COMPLETED status, exit 0, and the new result is there', async () => {
    expect((await local('sql', 'CREATE TABLE svc.table.src AS SELECT 40 AS a UNION ALL SELECT 2')).code).toBe(0);
    const r = await local('mtquery', 'refresh', 'fromsrc', '--json');
    expect(r.code, r.stderr).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status).toMatchObject({ queryName: 'fromsrc', status: 'COMPLETED', message: null });
    expect(status).not.toHaveProperty('refresh');
    const plain = await local('mtquery', 'refresh', 'fromsrc');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^STATUS\tCOMPLETED$/m);
    expect(plain.stderr).toContain('refresh of fromsrc completed');
    expect(JSON.parse((await local('sql', 'SELECT s FROM svc.mtquery.fromsrc', '--json')).stdout)).toEqual([{ s: '42' }]);
  });
});

describe('mtquery refresh on the in-process gateway, bounded by --timeout', () => {
  it('a refresh still running when --timeout runs out is cancelled: exit 9 at once, saying so, the previous result kept', async () => {
    for (const step of [
      ['sql', 'CREATE TABLE svc.table.size AS SELECT 10::BIGINT AS n'],
      ['query', 'create', 'Sized', '--materialized', '--sql', 'SELECT count(*) AS c FROM svc.table.size s, range(s.n) t(i) WHERE hash(i) % 7 = 3'],
      // About 70 s of work now (see test/interrupt-local.test.ts).
      ['sql', 'UPDATE svc.table.size SET n = 10000000000'],
    ]) {
      const r = await local(...step);
      expect(r.code, r.stderr).toBe(0);
    }
    const before = JSON.parse((await local('sql', 'SELECT c FROM svc.mtquery.sized', '--json')).stdout);
    // The refresh is a minute's work or more: CANCELLED below, not COMPLETED, proves the command gave up rather than waited.
    const r = await local('--timeout', '2s', 'mtquery', 'refresh', 'sized');
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(/^error: gave up on the refresh of sized after 2 s \(--timeout\): it was cancelled, as it cannot go on without dgw here; the previous result is kept$/m);
    expect(JSON.parse((await local('mtquery', 'status', 'sized', '--json')).stdout)).toMatchObject({ status: 'CANCELLED' });
    expect(JSON.parse((await local('sql', 'SELECT c FROM svc.mtquery.sized', '--json')).stdout)).toEqual(before);
  });
});

describe('mtquery refresh on a served gateway keeps answering at once', () => {
  let server: SpawnedServer;
  const served = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'served') };
  beforeAll(async () => {
    server = await spawnServe(served.DGW_LOCAL_DIR, served.DGW_CONFIG_DIR);
  });
  afterAll(() => server?.stop('SIGINT'));

  it('prints {"refresh":"accepted"} and exits 0, even for a refresh that will fail', async () => {
    const viaServer = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: served });
    expect((await viaServer('sql', 'CREATE TABLE svc.table.gone (a INTEGER)')).code).toBe(0);
    expect((await viaServer('query', 'create', 'From gone', '--materialized', '--sql', 'SELECT count(*) AS n FROM svc.table.gone')).code).toBe(0);
    expect((await viaServer('sql', 'DROP TABLE svc.table.gone')).code).toBe(0);
    const r = await viaServer('mtquery', 'refresh', 'fromgone', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ refresh: 'accepted' });
    const waited = await viaServer('mtquery', 'refresh', 'fromgone', '--wait');
    expect(waited.code).toBe(10);
  });
});
