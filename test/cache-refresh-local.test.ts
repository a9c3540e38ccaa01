import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useStandIn } from './support/stand-in.js';

// Caches on the in-process local gateway: what a full and an incremental refresh leave in the
// copy, a failed refresh waited on (exit 10, previous copy kept), and SQL that may read a copy but
// never change it.
const data = tempDir('dgw-cache-data-');
const config = tempDir('dgw-cache-config-');
afterAll(() => {
  fs.rmSync(`${data.dir}-hosted`, { recursive: true, force: true });
  data.remove();
  config.remove();
});
const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_LOCAL_DIR: data.dir, DGW_CONFIG_DIR: config.dir } });
const ok = async (...args: string[]) => {
  const r = await dgw(...args);
  expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
};
const json = async (...args: string[]) => JSON.parse(await ok(...args, '--json'));
/** Rows of the source not in the copy and of the copy not in the source. */
const difference = async (table: string) =>
  Number((await ok('sql', `SELECT (SELECT count(*) FROM (FROM svc.table.${table} EXCEPT ALL FROM svc.cache.${table})) + (SELECT count(*) FROM (FROM svc.cache.${table} EXCEPT ALL FROM svc.table.${table}))`)).trim());

describe('cache refresh on the local gateway', () => {
  it('a full refresh copies the source as it is now; an incremental one appends only the rows past the column\'s last value', async () => {
    await ok('sql', "CREATE TABLE svc.table.events AS SELECT range AS id, 'e' || range AS note FROM range(1000)");
    const cache = await json('cache', 'create', 'events', '--incremental-column', 'id');
    expect(cache).toMatchObject({ source: '1.table.events', copy: 'svc.cache.events', incrementalColumn: 'id' });
    expect(await difference('events')).toBe(0);

    await ok('sql', "INSERT INTO svc.table.events SELECT range, 'new' FROM range(1000, 1250)");
    await ok('sql', "UPDATE svc.table.events SET note = 'changed' WHERE id < 10");
    const inc = await json('cache', 'refresh', 'events', '--incremental', '--wait');
    expect(inc).toMatchObject({ mode: 'INCREMENTAL', status: 'COMPLETED', insertedRows: 250, cachedRows: 1250, lastOffset: '1249' });
    // Rows before the last value are not read again: the changed notes wait for a full refresh.
    expect((await ok('sql', "SELECT count(*) FROM svc.cache.events WHERE note = 'new'")).trim()).toBe('250');
    expect((await ok('sql', "SELECT count(*) FROM svc.cache.events WHERE note = 'changed'")).trim()).toBe('0');

    await ok('sql', 'DELETE FROM svc.table.events WHERE id % 2 = 0');
    const full = await json('cache', 'refresh', cache.id, '--wait');
    expect(full).toMatchObject({ mode: 'FULL_REFRESH', status: 'COMPLETED', insertedRows: 625, cachedRows: 625 });
    expect(await difference('events')).toBe(0);

    const history = await json('cache', 'history', 'events');
    expect(history.map((r: { mode: string; insertedRows: number }) => [r.mode, r.insertedRows])).toEqual([['FULL_REFRESH', 625], ['INCREMENTAL', 250], ['FULL_REFRESH', 1000]]);
    for (const run of history) expect(Date.parse(run.finishedAt)).toBeGreaterThanOrEqual(Date.parse(run.createdAt));
  });

  it('an incremental update fills the copy by column name: moved columns land in their own, a new one fails the run naming it', async () => {
    await ok('sql', "CREATE TABLE svc.table.people AS SELECT 1 AS id, 'Ann' AS first, 'Lee' AS last");
    await ok('cache', 'create', 'people', '--incremental-column', 'id');
    // The source's columns move to (id, last, first); SQL may not replace a table a cache copies, so the table's own operations move them.
    await ok('table', 'drop-column', 'people', 'first', '--yes');
    await ok('table', 'add-column', 'people', 'first:VARCHAR');
    await ok('sql', "UPDATE svc.table.people SET first = 'Ann'");
    await ok('sql', "INSERT INTO svc.table.people VALUES (2, 'Wu', 'Cy')");
    expect(await json('cache', 'refresh', 'people', '--incremental', '--wait')).toMatchObject({ status: 'COMPLETED', insertedRows: 1 });
    expect(await ok('sql', 'SELECT id, first, last FROM svc.cache.people ORDER BY id')).toBe('1\tAnn\tLee\n2\tCy\tWu\n');

    await ok('table', 'add-column', 'people', 'extra:VARCHAR');
    await ok('sql', "INSERT INTO svc.table.people VALUES (3, 'Ng', 'Bo', 'x')");
    const r = await dgw('cache', 'refresh', 'people', '--incremental', '--wait', '--json');
    expect(r.code).toBe(10);
    expect(JSON.parse(r.stdout).error).toBe("the source has columns the copy lacks (extra): a full refresh takes the source's columns");
    expect((await ok('sql', 'SELECT count(*) FROM svc.cache.people')).trim()).toBe('2');
  });

  it('an incremental column with no value yet in the copy takes the rows that have one, never all of them again', async () => {
    await ok('sql', 'CREATE TABLE svc.table.stamped AS SELECT range AS id, NULL::TIMESTAMP AS ts FROM range(3)');
    await ok('cache', 'create', 'stamped', '--incremental-column', 'ts');
    expect(await json('cache', 'refresh', 'stamped', '--incremental', '--wait')).toMatchObject({ insertedRows: 0, cachedRows: 3 });
    await ok('sql', "INSERT INTO svc.table.stamped VALUES (3, TIMESTAMP '2026-01-01 00:00:00')");
    expect(await json('cache', 'refresh', 'stamped', '--incremental', '--wait')).toMatchObject({ insertedRows: 1, cachedRows: 4 });
    expect(await json('cache', 'refresh', 'stamped', '--incremental', '--wait')).toMatchObject({ insertedRows: 0, cachedRows: 4 });
  });

  it('in-process, cache create waits for the first copy in the open and says how it ended (exit 10 when it failed)', async () => {
    await ok('sql', 'CREATE TABLE svc.table.firsts AS SELECT range AS id FROM range(300)');
    const made = await dgw('cache', 'create', 'firsts');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('making the first copy of cache firsts…');
    expect(made.stderr).toContain('first copy of cache firsts made: 300 rows');
    await ok('query', 'create', 'Bad', '--sql', "SELECT CAST('x' || range AS INTEGER) AS n FROM range(3)");
    const bad = await dgw('cache', 'create', '2.query.bad');
    expect(bad.code).toBe(10);
    expect(bad.stderr).toContain('Could not convert string');
    // The cache itself was made: a refresh can make its copy once the query is mended.
    expect((await json('cache', 'list')).map((c: { source: string }) => c.source)).toContain('2.query.bad');
  });

  it('says "1 row" of a copy of one row, not "1 rows"', async () => {
    await ok('sql', 'CREATE TABLE svc.table.single AS SELECT 1 AS id');
    expect((await dgw('cache', 'create', 'single')).stderr).toContain('first copy of cache single made: 1 row\n');
    expect((await dgw('cache', 'refresh', 'single', '--wait')).stderr).toContain('refresh of cache single completed: 1 row in the copy\n');
  });

  it('cache create with only an incremental schedule waits for its first run, the incremental one, instead of a full refresh that never comes', async () => {
    await ok('sql', 'CREATE TABLE svc.table.ticks AS SELECT range AS id FROM range(40)');
    const made = await dgw('cache', 'create', 'ticks', '--incremental-column', 'id', '--incremental-every', '1h', '--timeout', '20s');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('first copy of cache ticks made: 40 rows');
    // The hosted shape's cache record names no incremental column: the run itself says which it is.
    const hosted = await runAsBinaryWould(['--zone', 'local', 'cache', 'create', 'orders', '--incremental-column', 'order_id', '--incremental-every', '1h', '--timeout', '20s'], { env: { DGW_LOCAL_DIR: `${data.dir}-hosted`, DGW_CONFIG_DIR: config.dir, DGW_LOCAL_API_SHAPE: 'hosted' } });
    expect(hosted.code, hosted.stderr).toBe(0);
    expect(hosted.stderr).toContain('first copy of cache orders made: 60 rows');
  });

  it('a refresh that fails, waited on, prints the run and exits 10; the previous copy is still read whole', async () => {
    // A table a cache copies cannot be dropped, so the source is a query whose next run fails on a row added to what it reads.
    await ok('sql', 'CREATE TABLE svc.table.ids AS SELECT range::VARCHAR AS id FROM range(500)');
    await ok('query', 'create', 'Gone', '--sql', 'SELECT CAST(id AS BIGINT) AS id FROM svc.table.ids');
    await ok('cache', 'create', '2.query.gone');
    await ok('sql', "INSERT INTO svc.table.ids VALUES ('gone')");
    const r = await dgw('cache', 'refresh', 'gone', '--wait', '--json');
    expect(r.code).toBe(10);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: 'FULL_REFRESH', status: 'FAILED', error: expect.stringMatching(/gone/) });
    expect((await ok('sql', 'SELECT count(*), sum(id) FROM svc.cache.gone')).trim()).toBe('500\t124750');
    // The failed run says what the copy holds: the previous copy's rows.
    expect(await json('cache', 'status', 'gone')).toMatchObject({ status: 'FAILED', cachedRows: 500 });
  });

  it('refresh --json FIELDS without --wait takes the fields of either answer (the run here, an acceptance remotely), and refuses others before sending', async () => {
    await ok('sql', 'CREATE TABLE svc.table.fielded AS SELECT range AS id FROM range(10)');
    await ok('cache', 'create', 'fielded');
    expect(JSON.parse(await ok('cache', 'refresh', 'fielded', '--json', 'status,cachedRows,cacheId'))).toEqual({ status: 'COMPLETED', cachedRows: 10, cacheId: null });
    const wrong = await dgw('cache', 'refresh', 'fielded', '--json', 'nosuch');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('has no field nosuch');
    // The first copy and the refresh above: the refused one sent nothing.
    expect((await json('cache', 'history', 'fielded')).length).toBe(2);
  });

  it('cache list --catalog takes a catalog name as well as an id; an unknown one is exit 4, not an empty list', async () => {
    await ok('sql', 'CREATE TABLE svc.table.listed AS SELECT range AS id FROM range(3)');
    await ok('cache', 'create', 'listed');
    const sources = async (...args: string[]) => (await json('cache', 'list', ...args)).map((c: { source: string }) => c.source);
    expect(await sources('--catalog', 'svc', '--schema', 'table')).toContain('1.table.listed');
    expect(await sources('--catalog', 'svc', '--schema', 'table')).toEqual(await sources('--catalog', '1', '--schema', 'table'));
    const unknown = await dgw('cache', 'list', '--catalog', 'sales');
    expect([unknown.code, unknown.stdout]).toEqual([4, '']);
    expect(unknown.stderr).toContain('no catalog named "sales"');
  });

  it('an incremental update without an incremental column is refused, naming the flag that sets one', async () => {
    const r = await dgw('cache', 'refresh', 'gone', '--incremental');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--incremental-column/);
  });

  it('an empty --incremental-column is refused (exit 2), not left out of the request while update says it updated the cache', async () => {
    await ok('sql', 'CREATE TABLE svc.table.keyed AS SELECT range AS id FROM range(3)');
    await ok('cache', 'create', 'keyed', '--incremental-column', 'id');
    const r = await dgw('cache', 'update', 'keyed', '--incremental-column', '');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--incremental-column must name a column');
  });

  it('a blank CACHE is refused as an empty one is (exit 2), not looked up as a table named " "', async () => {
    for (const args of [['refresh', ' '], ['status', ' '], ['rm', ' ', '--yes']]) {
      const r = await dgw('cache', ...args);
      expect([r.code, r.stderr]).toEqual([2, 'error: CACHE must not be empty\n']);
    }
  });

  it('an empty --schema or --catalog is refused before anything is sent (exit 2), not sent as a schema or catalog named ""', async () => {
    for (const [flag, value] of [['--schema', ''], ['--catalog', ' ']]) {
      const r = await dgw('cache', 'create', 'orders', flag, value);
      expect([r.code, r.stderr]).toEqual([2, `error: ${flag} must not be empty\n`]);
    }
  });

  it('SQL reads a copy but cannot change it; deleting the cache drops the copy and leaves the source', async () => {
    for (const sql of ['INSERT INTO svc.cache.events VALUES (1, \'x\')', 'DELETE FROM svc.cache.events', "UPDATE svc.cache.events SET note = 'x'", 'DROP TABLE svc.cache.events', 'CREATE TABLE svc.cache.mine AS SELECT 1 AS one']) {
      const r = await dgw('sql', sql);
      expect(r.code, sql).not.toBe(0);
      expect(r.stderr, sql).toMatch(/svc\.cache|svc\.table/);
    }
    expect(await difference('events')).toBe(0);
    await ok('cache', 'rm', 'events', '--yes');
    expect((await dgw('sql', 'SELECT 1 FROM svc.cache.events')).code).not.toBe(0);
    expect((await ok('sql', 'SELECT count(*) FROM svc.table.events')).trim()).toBe('625');
  });

  it('a name no cache has is not found, with the closest table name suggested', async () => {
    const r = await dgw('cache', 'get', 'gonne');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/did you mean "gone"/);
  });
});

describe('cache refresh --wait against a service', () => {
  const { server, dgw: remote } = useStandIn('proj-1');
  const ID = '3f2b8c1e-0000-4000-8000-00000000ca01';
  const C = `/data/projects/proj-1/cache/${ID}`;
  const run = (status: string, id = 'r2', extra: object = {}) => ({ id, executionMode: 'FULL_REFRESH', status, createdAt: '2026-01-01T00:00:00Z', ...extra });
  const status = (last: object | undefined) => ({ id: ID, status: 'COMPLETED', catalogId: '1', schemaName: 'table', tableName: 'orders', ...(last ? { lastFullRefreshCacheExecution: last } : {}) });

  it.each(['FAILED', 'CANCELLED'])('a run that ends %s is exit 10, found by the run that came after the one before (the document names no run)', async (end) => {
    server.on('GET', `${C}/status`, { json: status(run('COMPLETED', 'r1')) }, { json: status(run('RUNNING')) }, { json: status(run(end, 'r2', { error: { message: 'source went away' } })) });
    server.on('POST', `${C}/fullRefreshUpdate`, { json: {} });
    const r = await remote(['cache', 'refresh', ID, '--wait', '--json']);
    expect(r.code).toBe(10);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'r2', status: end, error: 'source went away' });
    expect(r.stderr).toContain(`refresh of cache ${ID} ${end.toLowerCase()}: source went away`);
  });

  it('giving up on a served refresh (--timeout) names the cache as it was given, as the hint does', async () => {
    server.on('GET', /\/cache\/status$/, { json: [status(undefined)] });
    server.on('GET', `${C}/status`, { json: status(run('RUNNING', 'r2')) });
    server.on('POST', `${C}/fullRefreshUpdate`, { json: { execution: run('RUNNING', 'r2') } });
    const r = await remote(['cache', 'refresh', 'orders', '--wait', '--timeout', '1s']);
    expect(r.code, r.stderr).toBe(9);
    expect(r.stderr).toContain('gave up waiting for the refresh of cache orders after 1 s');
  });

  it('a run replaced by a newer one of its mode (cancelled, then started again elsewhere) is followed to that one\'s end, not waited on to the deadline', async () => {
    server.on('GET', `${C}/status`, { json: status(run('RUNNING', 'r2')) }, { json: status(run('RUNNING', 'r3')) }, { json: status(run('COMPLETED', 'r3', { progress: { numberOfCachedRecords: 7 } })) });
    server.on('POST', `${C}/fullRefreshUpdate`, { json: { execution: run('RUNNING', 'r2') } });
    const r = await remote(['cache', 'refresh', ID, '--wait', '--json', '--timeout', '5s']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'r3', status: 'COMPLETED', cachedRows: 7 });
  });
});
