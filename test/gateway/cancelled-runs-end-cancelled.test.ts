import { describe, expect, it } from 'vitest';
import { P, useServedGateway } from './helpers.js';

// Two faults of runs that do not end by themselves, on dgw serve:
// - every running DuckDB statement holds a thread of libuv's pool, four by default: four such cache
//   runs left the server no thread to answer anything, their cancels included (dgw serve has 16
//   now, and runs at most 8 jobs at once);
// - a cancel interrupted the run's connection every 50 ms until the run had ended, and so also the
//   statements that write how it ended: a run stayed RUNNING in the history whenever an interrupt
//   fell on them, which runs ending together (their last statements queued) made likely.

const CACHES = 6;
const ROUNDS = 5;
const served = useServedGateway('dgw-cancelled-runs-');

async function call(method: string, path: string, body?: unknown) {
  const r = await served().call(method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

describe('runs that never end by themselves, cancelled', () => {
  it(`${CACHES} cache runs at once, ${ROUNDS} times: the server answers meanwhile, and every run in the histories is CANCELLED`, async () => {
    const caches = [];
    for (let i = 0; i < CACHES; i++) {
      await call('POST', `${P}/queries`, { displayName: `Endless ${i}`, inputQuery: 'SELECT max(range) AS n FROM range(1000000000000)' });
      caches.push(await call('POST', `${P}/cache`, { catalogId: '2', schemaName: 'query', tableName: `endless${i}` }));
    }
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await Promise.all(caches.map((c) => call('POST', `${P}/cache/${c.id}/fullRefreshUpdate`)));
      expect((await call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT 42' })).data).toEqual([[42]]);
      await Promise.all(caches.map((c) => call('POST', `${P}/cache/${c.id}/cancelFullRefreshUpdate`)));
    }
    for (const c of caches) {
      const history = await call('GET', `${P}/cache/${c.id}/executionHistory?limit=100`);
      expect(history.map((r: { status: string }) => r.status)).toEqual(Array(ROUNDS).fill('CANCELLED'));
    }
  });

  it('more at once than dgw serve has threads (20 cache runs): it answers meanwhile, the runs past 8 wait their turn, and all end CANCELLED', async () => {
    const caches = [];
    for (let i = 0; i < 20; i++) {
      await call('POST', `${P}/queries`, { displayName: `Many ${i}`, inputQuery: 'SELECT max(range) AS n FROM range(1000000000000)' });
      caches.push(await call('POST', `${P}/cache`, { catalogId: '2', schemaName: 'query', tableName: `many${i}` }));
    }
    expect((await call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT 42' })).data).toEqual([[42]]);
    await Promise.all(caches.map((c) => call('POST', `${P}/cache/${c.id}/cancelFullRefreshUpdate`)));
    for (const c of caches) {
      const history = await call('GET', `${P}/cache/${c.id}/executionHistory?limit=100`);
      expect(history.map((r: { status: string }) => r.status)).toEqual(['CANCELLED']);
    }
  });

  it('20 exports of an endless query at once: it answers meanwhile, those past 8 stay PENDING, and all end CANCELLED', async () => {
    const q = await call('POST', `${P}/queries`, { displayName: 'Exported', inputQuery: 'SELECT max(range) AS n FROM range(1000000000000)' });
    const jobs = [];
    for (let i = 0; i < 20; i++) jobs.push(await call('POST', `${P}/queries/${q.id}/exports`, { format: 'CSV' }));
    expect((await call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT 42' })).data).toEqual([[42]]);
    const statuses = await Promise.all(jobs.map(async (j) => (await call('GET', `${P}/exports/${j.id}`)).status));
    expect(statuses.filter((s) => s === 'RUNNING').length).toBeLessThanOrEqual(8);
    expect(statuses.filter((s) => s === 'PENDING').length).toBeGreaterThanOrEqual(12);
    await Promise.all(jobs.map((j) => call('DELETE', `${P}/exports/${j.id}`)));
    for (const j of jobs) expect((await call('GET', `${P}/exports/${j.id}`)).status).toBe('CANCELLED');
  });

  it(`a materialized query's refresh, ${ROUNDS * 2} times: each ends CANCELLED`, async () => {
    await call('POST', `${P}/queries/execute`, { statement: 'CREATE TABLE svc.table.size AS SELECT 10::BIGINT AS n' });
    const q = await call('POST', `${P}/queries`, { displayName: 'Sized', queryType: 'MATERIALIZED', inputQuery: 'SELECT count(*) AS c FROM svc.table.size s, range(s.n) t(i) WHERE hash(i) % 7 = 3' });
    await call('POST', `${P}/queries/execute`, { statement: 'UPDATE svc.table.size SET n = 10000000000' });
    const ends: string[] = [];
    for (let i = 0; i < ROUNDS * 2; i++) {
      await call('POST', `${P}/materialized-queries/${q.id}/refresh`);
      ends.push((await call('POST', `${P}/materialized-queries/${q.id}/cancel`)).status);
    }
    expect(ends).toEqual(Array(ROUNDS * 2).fill('CANCELLED'));
  });
});
