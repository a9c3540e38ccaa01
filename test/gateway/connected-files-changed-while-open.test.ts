import { renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshenConnectedFiles } from '../../src/gateway/project/connected-files.js';
import { withinRequest } from '../../src/gateway/request-scope.js';
import { Scheduler, type SchedulerClock } from '../../src/gateway/scheduler.js';
import { openGateway, P, tempDir, waitFor, type TestGateway } from './helpers.js';

// A gateway that stays open (dgw serve) reads a connected file as it is now once it changed: a CSV
// view spelt the dialect sniffed at open (swapped columns were read under each other's names), and an
// attached DuckDB file stayed the one opened (a file moved over it went unseen until a restart).

const tmp = tempDir('dgw-csv-rewritten-');
const file = join(tmp.dir, 'people.csv');
let g: TestGateway;

beforeAll(async () => {
  writeFileSync(file, 'a,b\n1,2\n');
  g = await openGateway({ dataDir: join(tmp.dir, 'data') });
  expect((await g.call('POST', '/connections/demo', { body: { name: 'files', type: 'csv', credential: { path: file } } })).status).toBe(200);
});
afterAll(async () => {
  await g.close();
  tmp.remove();
});

const rows = async () => {
  const r = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT * FROM files.main.people' } });
  return r.status === 200 ? r.body.data : { status: r.status, message: r.body.message as string };
};

describe('a connected CSV file written again while the gateway stays open', () => {
  it('is read as it is now: swapped columns, one more column, other types', async () => {
    expect(await rows()).toEqual([{ a: '1', b: '2' }]);
    writeFileSync(file, 'b,a\n2,1\n');
    expect(await rows()).toEqual([{ b: '2', a: '1' }]);
    writeFileSync(file, 'a,b,c\nx,2,3\n');
    expect(await rows()).toEqual([{ a: 'x', b: '2', c: '3' }]);
  });

  it('that no longer reads as CSV says so when read, answers every other request, and reads again once mended', async () => {
    writeFileSync(file, Buffer.from([0xff, 0xfe, 0x00, 0x0a, 0x22, 0x61, 0x0a]));
    const failed = await rows();
    expect(failed).toMatchObject({ status: 400 });
    expect(failed.message).toContain(`the file ${file} changed since the project opened and cannot be read as CSV now`);
    expect((await g.call('GET', `${P}/queries`)).status).toBe(200);
    writeFileSync(file, 'n\n5\n');
    expect(await rows()).toEqual([{ n: '5' }]);
  });

  it('is read again for every request waiting on it, even when the request that found the change has gone', async () => {
    writeFileSync(file, 'p,q\n7,8\n');
    const gone = new AbortController();
    gone.abort();
    const project = await g.gateway.project('demo', { create: false });
    // The first request to see the change ends at once; the next one waits on the same reading.
    const first = withinRequest(gone.signal, () => freshenConnectedFiles(project));
    const next = rows();
    await first.catch(() => undefined);
    expect(await next).toEqual([{ p: '7', q: '8' }]);
  });

  it('a connected JSON file is read as it is now too: its columns were kept from the open', async () => {
    const json = join(tmp.dir, 'events.json');
    writeFileSync(json, '{"id":1}\n');
    expect((await g.call('POST', '/connections/demo', { body: { name: 'logs', type: 'json', credential: { path: json } } })).status).toBe(200);
    const read = async () => (await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT * FROM logs.main.events' } })).body.data;
    expect(await read()).toEqual([{ id: '1' }]);
    writeFileSync(json, '{"id":2,"page":"/home"}\n');
    expect(await read()).toEqual([{ id: '2', page: '/home' }]);
  });

  it('that is gone is said to be gone, as before', async () => {
    rmSync(file);
    const gone = await rows();
    expect(gone).toMatchObject({ status: 400 });
    expect(gone.message).toContain('it is gone or was moved since the project opened');
  });
});

/** A gateway on a data folder of its own that connects `file` (first `a,b` / `1,2`) as `name`, with a scheduler on a clock the test moves an hour on. */
async function scheduledGateway(name: string) {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const file = join(tmp.dir, `${name}.csv`);
  writeFileSync(file, 'a,b\n1,2\n');
  const s = await openGateway({ dataDir: join(tmp.dir, `${name}-data`), now: () => now });
  expect((await s.call('POST', '/connections/demo', { body: { name, type: 'csv', credential: { path: file } } })).status).toBe(200);
  const clock: SchedulerClock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
  const anHourOn = () => (now += 3_600_000);
  const read = async (statement: string) => (await s.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement } })).body.data;
  return { s, file, anHourOn, read, scheduler: new Scheduler(s.gateway, clock) };
}

describe('a scheduled refresh reading a connected CSV file rewritten since, with no request before it', () => {
  it('of a materialized query reads the file as it is when the refresh runs', async () => {
    const { s, file, anHourOn, read, scheduler } = await scheduledGateway('sched');
    try {
      const body = { displayName: 'Copy', queryType: 'MATERIALIZED', inputQuery: 'SELECT * FROM sched.main.sched', schedule: { type: 'interval', repeatDuration: 'PT1H' } };
      const q = (await s.call('POST', `${P}/queries`, { body })).body;
      writeFileSync(file, 'b,a\n2,1\n');
      anHourOn();
      expect(await scheduler.tick()).toEqual([q.id]);
      await waitFor(async () => (await s.call('GET', `${P}/materialized-queries/${q.id}/status`)).body.status === 'COMPLETED', 'the scheduled refresh');
      expect(await read('SELECT * FROM svc.mtquery.copy')).toEqual([{ b: '2', a: '1' }]);
    } finally {
      await s.close();
    }
  });

  it('of a cache copies the file as it is when the refresh runs', async () => {
    const { s, file, anHourOn, read, scheduler } = await scheduledGateway('kept');
    try {
      const catalog = ((await s.call('GET', `${P}/catalogs`)).body as Array<{ id: string; name: string }>).find((c) => c.name === 'kept')!;
      const body = { catalogId: catalog.id, schemaName: 'main', tableName: 'kept', fullRefreshCacheSchedule: { type: 'BASIC', expression: 'PT1H' } };
      const cache = (await s.call('POST', `${P}/cache`, { body })).body as { id: string };
      expect((await s.call('POST', `${P}/cache/${cache.id}/fullRefreshUpdate`)).status).toBeLessThan(300);
      const done = async (n: number) => (await s.call('GET', `${P}/cache/${cache.id}/status`)).body.cacheActionLogs?.filter((l: { action: string }) => l.action === 'COMPLETED').length >= n;
      await waitFor(() => done(1), 'the first copy');
      writeFileSync(file, 'b,a\n2,1\n');
      anHourOn();
      expect(await scheduler.tick()).toEqual([cache.id]);
      await waitFor(() => done(2), 'the scheduled refresh');
      expect(await read('SELECT * FROM svc.cache.kept')).toEqual([{ b: '2', a: '1' }]);
    } finally {
      await s.close();
    }
  });
});

describe('a connected DuckDB file replaced while the gateway stays open', () => {
  const db = join(tmp.dir, 'sales.duckdb');
  const write = async (file: string, sql: string) => {
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run(sql);
    conn.closeSync();
    instance.closeSync();
  };
  const replace = async (sql: string) => {
    const next = join(tmp.dir, 'next.duckdb');
    await write(next, sql);
    renameSync(next, db);
  };

  it('is read anew once a file is moved over it; one that is not a database is said so, the next one reads, a link is not followed', async () => {
    await write(db, 'CREATE TABLE orders AS SELECT 1 AS n');
    const s = await openGateway({ dataDir: join(tmp.dir, 'duckdb-data') });
    const orders = async () => {
      const r = await s.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT * FROM sales.main.orders' } });
      return r.status === 200 ? r.body.data : { status: r.status, message: r.body.message as string };
    };
    try {
      expect((await s.call('POST', '/connections/demo', { body: { name: 'sales', type: 'duckdb', credential: { path: db } } })).status).toBe(200);
      expect(await orders()).toEqual([{ n: 1 }]);
      await replace('CREATE TABLE orders AS SELECT 42 AS n UNION ALL SELECT 43');
      expect(await orders()).toEqual([{ n: 42 }, { n: 43 }]);
      writeFileSync(join(tmp.dir, 'not-a-database'), 'garbage');
      renameSync(join(tmp.dir, 'not-a-database'), db);
      const failed = await orders();
      expect(failed).toMatchObject({ status: 400 });
      expect(failed.message).toContain(`catalog sales cannot be read: its connection sales did not open (the file ${db} changed and does not open`);
      expect((await s.call('GET', `${P}/queries`)).status).toBe(200);
      await replace('CREATE TABLE orders AS SELECT 7 AS n');
      expect(await orders()).toEqual([{ n: 7 }]);
      // A link put in its place is judged where it leads at the next open, not followed now.
      await write(join(tmp.dir, 'elsewhere.duckdb'), 'CREATE TABLE orders AS SELECT 99 AS n');
      rmSync(db);
      symlinkSync(join(tmp.dir, 'elsewhere.duckdb'), db);
      expect(await orders()).toEqual([{ n: 7 }]);
    } finally {
      await s.close();
    }
  });
});
