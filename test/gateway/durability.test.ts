import { afterAll, describe, expect, it } from 'vitest';
import { untilDuckDBAtWork } from '../support/process-cpu.js';
import { openGateway, P, spawnServe, tempDir, waitFor, type SpawnedServer } from './helpers.js';

// Nothing is lost: a restarted gateway has every query, folder, table and result; a gateway killed
// with SIGKILL during a refresh restarts with the previous result intact.

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

describe('restart', () => {
  it('keeps queries, folders, tables, results, refresh status and keys', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const first = await openGateway({ dataDir: tmp.dir });
    const mat = await first.call('POST', `${P}/queries`, { body: { displayName: 'Kept Revenue', queryType: 'MATERIALIZED', inputQuery: 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1', path: '/keep/me', schedule: { type: 'interval', repeatDuration: 'P1D' } } });
    const plain = await first.call('POST', `${P}/queries`, { body: { displayName: 'Kept Plain', inputQuery: 'SELECT * FROM svc.table.customers' } });
    await first.call('POST', `${P}/queries/folders`, { body: { folderName: 'Empty Kept' } });
    await first.call('POST', `${P}/table/kept`, { body: { columns: [{ name: 'id', dataType: 'BIGINT' }, { name: 'note', dataType: 'VARCHAR' }] } });
    await first.call('POST', `${P}/queries/execute`, { body: { statement: "INSERT INTO svc.table.kept VALUES (1, 'one'), (2, 'two')" } });
    await first.call('DELETE', `${P}/table/customers/columns/country`);
    const key = await first.call('POST', '/projects/demo/apiKeys', { body: { name: 'kept key' } });
    const result = (await first.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT * FROM svc.mtquery.keptrevenue ORDER BY 1' } })).body.data;
    const before = {
      queries: (await first.call('GET', `${P}/queries`)).body,
      folders: (await first.call('GET', `${P}/queries/folders`)).body,
      tables: (await first.call('GET', `${P}/table`)).body,
      status: (await first.call('GET', `${P}/materialized-queries/${mat.body.id}/status`)).body,
    };
    // Built when it was saved, never refreshed: COMPLETED then, and the same after the restart.
    expect(before.status).toMatchObject({ status: 'COMPLETED', message: null, lastExecutionStartTime: expect.any(String) });
    const partnerKey = first.partnerKey;
    await first.close();

    const second = await openGateway({ dataDir: tmp.dir });
    cleanups.push(() => second.close());
    expect(second.partnerKey).toBe(partnerKey);
    expect((await second.call('GET', `${P}/queries`)).body).toEqual(before.queries);
    expect((await second.call('GET', `${P}/queries/folders`)).body).toEqual(before.folders);
    expect((await second.call('GET', `${P}/table`)).body).toEqual(before.tables);
    expect((await second.call('GET', `${P}/materialized-queries/${mat.body.id}/status`)).body).toEqual(before.status);
    expect((await second.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT * FROM svc.mtquery.keptrevenue ORDER BY 1' } })).body.data).toEqual(result);
    expect((await second.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT count(*) FROM svc.query.keptplain' } })).body.data).toEqual([['20']]);
    expect((await second.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT * FROM svc.table.kept ORDER BY id' } })).body.data).toEqual([['1', 'one'], ['2', 'two']]);
    expect((await second.call('GET', `${P}/queries`, { key: key.body.apiKey })).status).toBe(200);
    expect(plain.status).toBe(200);
  });
});

describe('SIGKILL during a refresh', () => {
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('restarts with the previous result intact and the refresh marked FAILED (interrupted)', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const data = `${tmp.dir}/data`;
    const config = `${tmp.dir}/config`;
    server = await spawnServe(data, config);
    const s = server;
    expect((await s.call('POST', `${P}/queries/execute`, { statement: 'CREATE TABLE svc.table.pairs AS SELECT range AS id FROM range(2000)' })).status).toBe(200);
    const q = await s.call('POST', `${P}/queries`, {
      displayName: 'Heavy Pairs',
      queryType: 'MATERIALIZED',
      inputQuery: 'SELECT count(*) AS n, sum(a.id) AS s FROM svc.table.pairs a, svc.table.pairs b WHERE (a.id * 7 + b.id) % 1000003 = 1',
    });
    expect(q.status).toBe(200);
    const before = (await s.call('POST', `${P}/queries/execute?format=COMPACT`, { qualifiedName: 'svc.mtquery.heavypairs' })).body.data;
    expect(before).toHaveLength(1);
    // Enough rows that the refresh runs for many seconds.
    await s.call('POST', `${P}/queries/execute`, { statement: 'INSERT INTO svc.table.pairs SELECT range FROM range(2000, 200000)' });
    expect((await s.call('POST', `${P}/materialized-queries/${q.body.id}/refresh`)).body.status).toBe('RUNNING');
    // Killed with the refresh at work in DuckDB.
    await untilDuckDBAtWork(s.child.pid!);
    expect((await s.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body.status).toBe('RUNNING');
    await s.stop('SIGKILL');

    server = await spawnServe(data, config);
    const again = server;
    expect(again.partnerKey).toBe(s.partnerKey);
    const status = (await again.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body;
    expect(status.status).toBe('FAILED');
    expect(status.message).toMatch(/interrupted/);
    const after = (await again.call('POST', `${P}/queries/execute?format=COMPACT`, { qualifiedName: 'svc.mtquery.heavypairs' })).body.data;
    expect(after).toEqual(before);
    expect((await again.call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT count(*) FROM svc.table.pairs' })).body.data).toEqual([['200000']]);
    // The restarted gateway still changes things normally.
    await again.call('DELETE', `${P}/queries/${q.body.id}`);
    await waitFor(async () => (await again.call('GET', `${P}/queries`)).body.length === 0, 'delete');
    expect(await again.stop('SIGINT')).toBe(0);
    server = undefined;
  });
});
