import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/gateway/server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';
import { RecordingServer } from './support/recording-server.js';
import { walkShapes } from './support/walk-shapes.js';

// The project's metadata on the local gateway: each catalog's tables and columns as DuckDB's
// catalog describes them, kept as a snapshot that a refresh job rewrites, with a callback told of
// each refresh's end.

const tmp = tempDir('dgw-metadata-');
const hook = new RecordingServer();
beforeAll(() => hook.start());
afterAll(async () => {
  await hook.close();
  tmp.remove();
});

const names = (tables: Array<{ schemaName: string; tableName: string }>) => tables.map((t) => `${t.schemaName}.${t.tableName}`);

describe.each(walkShapes)('metadata in-process (%s shape)', (shape) => {
  const { dgw, json, run } = localCli(tmp.dir, shape);

  it('get shows the catalogs\' tables with their columns, refreshing a catalog never refreshed', async () => {
    const tables = await json('metadata', 'get');
    expect(names(tables)).toEqual(expect.arrayContaining(['table.orders', 'table.customers']));
    const orders = tables.find((t: { tableName: string }) => t.tableName === 'orders');
    expect(orders).toMatchObject({ catalogId: '1', catalogName: 'svc' });
    expect(orders.columns[0]).toEqual({ columnName: 'order_id', columnDescription: null, dataType: 'BIGINT', isNotNull: false, isCategorical: false, categoricalValues: [] });
    expect((await json('metadata', 'status')).map((s: { status: string }) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('a table made later appears after refresh --wait, not before; status says when', async () => {
    const [before] = await json('metadata', 'status', '1');
    await dgw('table', 'create', 'events', '--column', 'id:BIGINT');
    expect(names(await json('metadata', 'get', '--catalog', '1'))).not.toContain('table.events');
    const ended = await json('metadata', 'refresh', '--catalog', 'svc', '--wait');
    expect(ended, JSON.stringify({ before, ended })).toEqual([expect.objectContaining({ catalogId: '1', status: 'COMPLETED', message: null })]);
    if (shape === 'spec') expect(Date.parse(ended[0].refreshedAt), JSON.stringify({ before, ended })).toBeGreaterThan(Date.parse(before.refreshedAt));
    expect(names(await json('metadata', 'get', '--catalog', '1', '--schema', 'table'))).toContain('table.events');
  });

  it('a registered callback is told of the end, with its token as a bearer key; the token is never shown', async () => {
    hook.reset();
    hook.on('POST', '/refreshed', { json: {} });
    const set = await run('metadata', 'set-callback', `${hook.baseUrl}/refreshed`, '--with-token');
    expect(set.code).toBe(2);
    const shown = await runAsBinaryWould(['--zone', 'local', 'metadata', 'set-callback', `${hook.baseUrl}/refreshed`, '--with-token', '--json'], { env: envOf(shape), input: 'hook-secret-42\n' });
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ callbackURL: `${hook.baseUrl}/refreshed`, hasToken: true });
    expect((await dgw('metadata', 'callback')) + shown.stdout + shown.stderr).not.toContain('hook-secret-42');
    await json('metadata', 'refresh', '--catalog', '1', '--wait');
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0].headers.authorization).toBe('Bearer hook-secret-42');
    expect(hook.requests[0].json).toMatchObject({ projectId: 'demo', catalogId: '1', status: 'COMPLETED' });
    expect((await run('metadata', 'callback', '-q')).stdout).toBe(`${hook.baseUrl}/refreshed\n`);
    expect(await json('metadata', 'rm-callback', '--yes')).toEqual({ callbackURL: `${hook.baseUrl}/refreshed`, deleted: true });
    // -q prints ids only: with no callback, nothing (an empty line would be an empty argument to xargs).
    expect((await run('metadata', 'callback', '-q')).stdout).toBe('');
    await json('metadata', 'refresh', '--catalog', '1', '--wait');
    expect(hook.requests).toHaveLength(1);
  });

  it('the callback token is not printed by --dry-run nor --debug of set-callback and refresh: *** stands for it', async () => {
    const url = `${hook.baseUrl}/refreshed`;
    for (const args of [
      ['metadata', 'set-callback', url, '--with-token', '--dry-run'],
      ['metadata', 'set-callback', url, '--with-token', '--dry-run', '--json'],
      ['metadata', 'refresh', '--catalog', '1', '--callback-url', url, '--with-token', '--dry-run'],
      ['metadata', 'set-callback', url, '--with-token', '--debug'],
      ['metadata', 'refresh', '--catalog', '1', '--callback-url', url, '--with-token', '--debug'],
    ]) {
      const r = await runAsBinaryWould(['--zone', 'local', ...args], { env: envOf(shape), input: 'hook-secret-77\n' });
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
      expect(r.stdout + r.stderr, args.join(' ')).not.toContain('hook-secret-77');
      expect(r.stdout + r.stderr, args.join(' ')).toMatch(/"callbackToken": ?"\*\*\*"/);
    }
    expect(await json('metadata', 'rm-callback', '--yes')).toMatchObject({ deleted: true });
  });

  it('a callback that cannot be reached leaves the refresh COMPLETED, and its status says why', async () => {
    const port = await closedPort();
    const r = await run('metadata', 'refresh', '--catalog', '1', '--wait', '--callback-url', `http://127.0.0.1:${port}/nobody`, '--json');
    expect(r.code, r.stderr).toBe(0);
    // The hosted shape answers the status alone, so only the spec shape says why.
    expect(JSON.parse(r.stdout)[0], r.stdout).toMatchObject({ status: 'COMPLETED', message: shape === 'spec' ? `the callback to http://127.0.0.1:${port} failed (ECONNREFUSED)` : null });
  });

  it('descriptions, AI usage and categorical values are kept beside what DuckDB says, and shown by get', async () => {
    await dgw('metadata', 'describe', 'svc.table.orders', '--description', 'One row per order', '--column', 'status=paid, shipped or refunded', '--column', 'amount=in euros');
    await dgw('metadata', 'ai-usage', 'svc.table', 'off');
    // A catalog given by id is still named by its name in the answer, as get names it.
    expect(await json('metadata', 'describe', '1.table.orders', '--use-with-ai')).toMatchObject({ catalogId: '1', catalogName: 'svc' });
    const counted = await json('metadata', 'categorical', '1.table.orders.status', '--limit', '2');
    expect(counted).toMatchObject({ catalogId: '1', catalogName: 'svc' });
    const status = counted.columns.find((c: { columnName: string }) => c.columnName === 'status');
    expect(status).toMatchObject({ columnDescription: 'paid, shipped or refunded', isCategorical: true });
    expect(status.categoricalValues).toHaveLength(2);
    const tables = await json('metadata', 'get', '--catalog', '1', '--schema', 'table');
    const orders = tables.find((t: { tableName: string }) => t.tableName === 'orders');
    const customers = tables.find((t: { tableName: string }) => t.tableName === 'customers');
    expect(orders).toMatchObject({ tableDescription: 'One row per order', useWithAI: true });
    expect(customers.useWithAI).toBe(false);
    expect(orders.columns.find((c: { columnName: string }) => c.columnName === 'status').categoricalValues).toEqual(status.categoricalValues);
    // The most frequent values, as SQL counts them.
    const top = (await dgw('sql', "SELECT status FROM svc.table.orders GROUP BY 1 ORDER BY count(*) DESC, status LIMIT 2", '--format', 'tsv')).trim().split('\n');
    expect(status.categoricalValues).toEqual(top);
    // An empty description removes it; rm-categorical forgets the values, and a second time is 404 (exit 4).
    await dgw('metadata', 'describe', 'svc.table.orders', '--description', '');
    expect(await json('metadata', 'rm-categorical', 'svc.table.orders.status')).toEqual({ column: 'svc.table.orders.status', deleted: true });
    expect((await run('metadata', 'rm-categorical', 'svc.table.orders.status')).code).toBe(4);
    const after = (await json('metadata', 'get', '--catalog', '1', '--schema', 'table')).find((t: { tableName: string }) => t.tableName === 'orders');
    expect(after.tableDescription).toBeNull();
    expect(after.columns.find((c: { columnName: string }) => c.columnName === 'status')).toMatchObject({ isCategorical: false, categoricalValues: [] });
    // A column the table does not have is named, with "did you mean".
    const wrong = await run('metadata', 'describe', 'svc.table.orders', '--column', 'statu=x');
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toContain('has no column statu; did you mean "status"?');
  });

  it('svc.query.NAME names the queries\' catalog, not the stored tables\' one: describe, categorical, ai-usage and get find it, with no note of two catalogs', async () => {
    await dgw('query', 'create', 'Paid orders', '--sql', "SELECT order_id, status FROM svc.table.orders WHERE status = 'paid'");
    await dgw('metadata', 'refresh', '--wait');
    for (const args of [
      ['metadata', 'describe', 'svc.query.paidorders', '--description', 'the paid ones'],
      ['metadata', 'categorical', 'svc.query.paidorders.status'],
      ['metadata', 'ai-usage', 'svc.query', 'on'],
      ['metadata', 'get', '--catalog', 'svc', '--schema', 'query'],
    ]) {
      const r = await run(...args, '--json');
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
      expect(JSON.stringify(JSON.parse(r.stdout)), args.join(' ')).toContain('"catalogId":"2"');
      expect(r.stderr, args.join(' ')).not.toContain('catalogs are named svc');
    }
    // Stored tables' schema is the other svc catalog's, as plainly.
    const table = await run('metadata', 'describe', 'svc.table.customers', '--description', 'who buys');
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).not.toContain('catalogs are named svc');
  });

  it('what needs a language model says it is hosted only: exit 15, the operation named', async () => {
    for (const args of [['semantics', 'svc.table.orders'], ['questions', 'Who buys most?'], ['search', 'revenue']]) {
      const r = await run('metadata', ...args);
      expect(r.code, args.join(' ')).toBe(15);
      expect(r.stderr).toContain('which only the hosted service runs');
    }
  });

  it('usage errors exit 2 before anything is read', async () => {
    for (const [args, says] of [
      [['metadata', 'get', '--schema', 'table'], '--schema needs --catalog'],
      [['metadata', 'refresh', '--with-token'], '--with-token needs --callback-url'],
      [['metadata', 'refresh', '--callback-url', 'ftp://x/y'], 'must be an http or https URL'],
      [['metadata', 'set-callback', 'not a url'], 'is not a URL'],
      [['metadata', 'describe', 'svc.table.orders'], 'nothing to change'],
      [['metadata', 'describe', 'svc.orders', '--description', 'x'], 'TABLE must be catalog.schema.table'],
      [['metadata', 'describe', 'svc.table.orders', '--column', 'nodescription'], 'give name=text'],
      [['metadata', 'describe', 'svc.table.orders', '--column', 'status=paid', '--column', 'status=shipped'], '--column names status twice'],
      [['metadata', 'ai-usage', 'svc.table.orders', 'off'], 'TARGET must be a catalog or catalog.schema'],
      [['metadata', 'categorical', 'svc.table.orders.status', '--limit', '0'], '--limit must be a whole number'],
      // The document's counts are int32, and a count is written in digits.
      [['metadata', 'categorical', 'svc.table.orders.status', '--limit', '99999999999'], '--limit must be a whole number from 1 to 2147483647, not "99999999999"'],
      [['metadata', 'categorical', 'svc.table.orders.status', '--limit', '0x10'], '--limit must be a whole number from 1 to 2147483647'],
      [['metadata', 'semantics', 'svc.table.orders', '--limit', '1e3'], '--limit must be a whole number from 1 to 2147483647'],
      [['metadata', 'search', 'revenue', '--top-k', '3000000000'], '--top-k must be a whole number from 1 to 2147483647'],
    ] as const) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(says);
    }
    const unknown = await run('metadata', 'status', 'nosuch');
    expect(unknown.code).toBe(4);
    // A dry run reads nothing, not even the catalogs to find one by name: the id a real run would send is a placeholder.
    const dry = await run('metadata', 'refresh', '--catalog', 'svc', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('"catalogId": "{id of svc}"');
  });
});

/** A loopback port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function envOf(shape: string) {
  return { DGW_CONFIG_DIR: path.join(tmp.dir, `config-${shape}`), DGW_LOCAL_DIR: path.join(tmp.dir, `data-${shape}`), DGW_LOCAL_API_SHAPE: shape };
}

describe.each(walkShapes)('metadata through dgw serve (%s shape)', (shape) => {
  let server: RunningServer;
  const dataDir = path.join(tmp.dir, `served-${shape}`);
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, `served-config-${shape}`), DGW_LOCAL_DIR: dataDir };
  const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
  beforeAll(async () => {
    server = await startServer({ dataDir, port: 0, apiShape: shape });
  });
  afterAll(() => server.close());

  it('refresh without --wait is accepted; --wait and status see it end', async () => {
    const accepted = await dgw('metadata', 'refresh', '--json');
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(accepted.stdout)).toEqual({ catalogIds: ['1', '2'], refresh: 'accepted' });
    const waited = await dgw('metadata', 'refresh', '--catalog', '1', '--wait', '--json', '--debug');
    expect(JSON.parse(waited.stdout), waited.stdout + waited.stderr).toEqual([expect.objectContaining({ catalogId: '1', status: 'COMPLETED' })]);
    const status = JSON.parse((await dgw('metadata', 'status', '1', '--json')).stdout);
    // The hosted shape answers the status alone, as the document does.
    expect(status[0]).toMatchObject({ catalogId: '1', status: 'COMPLETED', refreshedAt: shape === 'hosted' ? null : expect.any(String) });
    const tables = JSON.parse((await dgw('metadata', 'get', '--catalog', '1', '--json')).stdout);
    expect(names(tables)).toContain('table.orders');
  });
});
