import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServe } from './gateway/helpers.js';
import { tempDir } from './support/dgw.js';
import { localDgw } from './support/local-faults.js';

// A `dgw serve` killed (SIGKILL) while a cache refresh writes its new copy of a 1,000,000-row
// source: the previous copy is still read, whole; the run is FAILED (not RUNNING for ever) on the
// next open; the next refresh completes; a reader during the refresh sees the previous copy. The kill comes once the status says RUNNING and the
// database file has grown past its size before the refresh, that is, while the copy is written.

const tmp = tempDir('dgw-killed-cache-');
afterAll(() => tmp.remove());
const P = '/data/projects/demo';

describe('a cache refresh whose gateway was killed while it wrote the copy', () => {
  it('leaves the previous copy readable and whole; the run says it was interrupted; the next refresh completes', async () => {
    const data = path.join(tmp.dir, 'data');
    const config = path.join(tmp.dir, 'config');
    const dgw = localDgw(data, config);
    const ok = async (...args: string[]) => {
      const r = await dgw(args);
      expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
      return r.stdout.trim();
    };
    await ok('sql', 'CREATE TABLE svc.table.big AS SELECT range AS id, md5(range::VARCHAR) AS h FROM range(1000000)');
    const id = await ok('cache', 'create', 'big', '-q');
    const whole = await ok('sql', 'SELECT count(*), sum(id), min(h), max(h) FROM svc.cache.big');
    expect(whole.split('\t')[0]).toBe('1000000');
    // A new copy would differ: the source doubles.
    await ok('sql', 'INSERT INTO svc.table.big SELECT range, md5(range::VARCHAR) FROM range(1000000, 2000000)');

    const file = path.join(data, 'projects', 'demo.duckdb');
    const sizeBefore = fs.statSync(file).size;
    const server = await spawnServe(data, config);
    let runId: string;
    try {
      const started = await server.call('POST', `${P}/cache/${id}/fullRefreshUpdate`);
      expect(started.status).toBe(200);
      runId = (started.body as { execution: { id: string } }).execution.id;
      for (;;) {
        const status = await server.call('GET', `${P}/cache/${id}/status?excludeLogs=true`);
        const run = (status.body as { lastFullRefreshCacheExecution: { id: string; status: string } }).lastFullRefreshCacheExecution;
        expect(run.id).toBe(runId);
        expect(run.status, 'the refresh ended before it could be killed: the copy was written too fast to catch').toBe('RUNNING');
        if (fs.statSync(file).size > sizeBefore) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // A reader meanwhile sees the previous copy, whole.
      const read = await server.call('POST', `${P}/queries/execute?format=SIMPLE`, { statement: 'SELECT count(*) AS n FROM svc.cache.big' });
      expect(Number((read.body as { data: Array<{ n: string }> }).data[0].n)).toBe(1000000);
    } finally {
      await server.stop('SIGKILL');
    }

    expect(await ok('sql', 'SELECT count(*), sum(id), min(h), max(h) FROM svc.cache.big')).toBe(whole);
    const history = JSON.parse(await ok('cache', 'history', 'big', '--json', 'id,status,error'));
    expect(history[0]).toEqual({ id: runId, status: 'FAILED', error: expect.stringMatching(/interrupted: the gateway stopped during this refresh; the previous copy was kept/) });
    // The status counts the rows of the copy that was kept, as after any failed refresh.
    expect(JSON.parse(await ok('cache', 'status', 'big', '--json', 'status,cachedRows'))).toEqual({ status: 'FAILED', cachedRows: 1000000 });

    const next = JSON.parse(await ok('cache', 'refresh', 'big', '--wait', '--json', 'status,cachedRows'));
    expect(next).toEqual({ status: 'COMPLETED', cachedRows: 2000000 });
    expect(await ok('sql', 'SELECT count(*) FROM (FROM svc.table.big EXCEPT ALL FROM svc.cache.big)')).toBe('0');
  });
});
