import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayRoutes } from '../../src/gateway/handler.js';
import { downloadRoutes } from '../../src/gateway/routes/exports.js';
import type { ApiShape } from '../../src/gateway/present/index.js';
import { OPERATIONS } from '../../src/wire/index.js';
import { requestProblems, responseProblems } from '../support/conformance.js';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// The local gateway's answers, in both API shapes, validated against the wire schemas written from
// the vendor's document (src/wire) with TypeBox's validator: `hosted` must answer every operation
// exactly as documented (status, body, nothing extra); `spec` as the seed contract where it speaks
// and as the document elsewhere. Every operation the gateway implements is exercised, and every
// request this test sends is itself held to the document.

const BOUNDARY = 'conformance-boundary';

/** Operations the CLI sends that the local gateway does not route: the generic 501 answers them (test/gateway/every-operation-answered.test.ts). */
const NOT_ROUTED = new Set<string>([]);
/** Operations it routes and answers 501 naming them: the hosted service has them. */
const HOSTED_ONLY = new Set(['oauth2Callback', 'generateSemantics', 'generateSampleQuestions', 'queryMetadata', 'transpileSQL', 'initSession', 'chat', 'chatStream', 'getWorkflowImage', 'listThreads', 'getThread', 'updateThread', 'deleteThread', 'shareSemanticTable']);
const SERVED = OPERATIONS.filter((o) => !NOT_ROUTED.has(o.id));
const ANSWERED = SERVED.filter((o) => !HOSTED_ONLY.has(o.id));

/** A DuckDB database file for the connection the test makes: one schema, one table. */
async function salesDatabase(file: string): Promise<void> {
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  await conn.run('CREATE TABLE orders AS SELECT range AS id, range * 2 AS amount FROM range(5)');
  conn.closeSync();
  db.closeSync();
}

/** A multipart body with the import's `request` part and a CSV `file` part, as the document describes them. */
function multipart(request: unknown, csv: string): string {
  return [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="request"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(request)}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="data.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${BOUNDARY}--\r\n`,
  ].join('');
}

for (const shape of ['spec', 'hosted'] as ApiShape[]) {
  describe(`the ${shape} shape`, () => {
    let g: TestGateway;
    const exercised = new Set<string>();
    const problems: string[] = [];
    const work = tempDir('dgw-conformance-');
    const source = join(work.dir, 'sales.duckdb');
    const csvFile = join(work.dir, 'visits.csv');

    beforeAll(async () => {
      await salesDatabase(source);
      writeFileSync(csvFile, 'visitor,page\n7,/pricing\n8,/docs\n');
      // A data folder: a project in memory cannot attach connections.
      g = await openGateway({ apiShape: shape, dataDir: join(work.dir, 'data') });
    });
    afterAll(async () => {
      await g.close();
      work.remove();
    });

    /** Sends one request, checks it and the answer against the document, returns the parsed body. */
    async function call(method: string, pathAndQuery: string, body?: unknown, options: { multipart?: string; key?: null } = {}) {
      const [path, qs = ''] = pathAndQuery.split('?');
      const query = Object.fromEntries(new URLSearchParams(qs));
      const sent = { method, path, query, body: options.multipart ?? (body === undefined ? '' : JSON.stringify(body)) };
      const checked = requestProblems(sent);
      problems.push(...checked.problems);
      const res = await g.call(
        method,
        pathAndQuery,
        options.multipart !== undefined
          ? { raw: options.multipart, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }
          : { ...(body === undefined ? {} : { body }), ...(options.key === null ? { key: null } : {}) },
      );
      expect(res.status, `${method} ${pathAndQuery}: ${res.text}`).toBeLessThan(400);
      if (checked.operation) {
        exercised.add(checked.operation.id);
        problems.push(...responseProblems(checked.operation, shape, res, query));
      }
      return res.body ?? res.text;
    }

    it('answers every implemented operation as the document (or, in spec, the seed) says', async () => {
      await call('GET', '/info');
      const [org] = await call('GET', '/organizations');
      await call('GET', `/organizations/${org.id}`);
      const [ws] = await call('GET', `/organizations/${org.id}/workspaces`);
      await call('GET', `/organizations/${org.id}/workspaces/${ws.id}`);
      await call('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects`);
      await call('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects/demo`);
      const madeHere = await call('POST', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { name: 'Made Here', description: 'by the conformance test' });
      const gone = await call('POST', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { name: 'Gone Soon' });
      expect(await call('PUT', `/organizations/${org.id}/workspaces/${ws.id}/projects/${gone.id}`, { name: 'Renamed', description: 'then deleted' })).toMatchObject({ id: gone.id, name: 'Renamed' });
      await call('DELETE', `/organizations/${org.id}/workspaces/${ws.id}/projects/${gone.id}`);
      const team = await call('POST', `/organizations/${org.id}/workspaces`, { name: 'Team', description: 'by the conformance test' });
      expect(await call('PUT', `/organizations/${org.id}/workspaces/${team.id}`, { name: 'Team Two' })).toMatchObject({ id: team.id, name: 'Team Two' });
      await call('DELETE', `/organizations/${org.id}/workspaces/${team.id}`);
      // The deprecated paths, as the hosted service still answers them.
      const older = await call('POST', '/projects', { name: 'Older Path' });
      expect((await call('GET', '/projects')).map((p: { id: string }) => p.id)).toContain(older.id);
      expect(await call('PUT', `/projects/${older.id}`, { name: 'Older', description: 'renamed' })).toMatchObject({ id: older.id, name: 'Older' });
      expect(await call('GET', `/projects/${older.id}`)).toMatchObject({ name: 'Older', description: 'renamed' });
      await call('DELETE', `/projects/${older.id}`);
      await call('GET', '/connections/config');
      await call('GET', '/connections/config/POSTGRES');
      await call('GET', '/supportedDrivers?projectId=demo');
      await call('GET', '/supportedDrivers/jdbc?projectId=demo');
      await call('GET', '/supportedDrivers/sql_alchemy?catalogName=1&projectId=demo');
      const key = await call('POST', '/projects/demo/apiKeys', { name: 'ci', expiresAt: '2999-01-01T00:00:00Z' });
      await call('POST', '/projects/demo/apiKeys', { name: 'forever' });
      await call('GET', '/projects/demo/apiKeys');
      await call('DELETE', `/projects/demo/apiKeys/${key.apiKeyId}`);
      await call('GET', `${P}/catalogs`);

      const plain = await call('POST', `${P}/queries`, { displayName: 'Conf Plain', inputQuery: 'SELECT customer_id, name FROM svc.table.customers', path: '/conf/plain' });
      const mat = await call('POST', `${P}/queries?checkSchemaExists=true`, {
        displayName: 'Conf Mat', inputQuery: 'SELECT count(*) AS n FROM svc.table.orders', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT6H' },
      });
      await call('GET', `${P}/queries`);
      await call('GET', `${P}/queries/${plain.id}`);
      await call('PUT', `${P}/queries/${plain.id}?checkSchemaExists=false`, { displayName: 'Conf Plain Two' });
      await call('PATCH', `${P}/queries/${plain.id}/path`, { path: '/conf/moved' });
      for (const format of ['CELL_TYPED', 'SIMPLE', 'COMPACT']) {
        await call('POST', `${P}/queries/execute?format=${format}`, { statement: 'SELECT customer_id, name FROM svc.table.customers LIMIT 2' });
      }
      await call('POST', `${P}/queries/execute`, { id: plain.id });
      await call('POST', `${P}/queries/execute?format=SIMPLE`, { qualifiedName: 'svc.table.orders' });
      await call('POST', `${P}/queries/execute`, { columns: ['amount'], from: [{ catalogName: 'svc', schemaName: 'table', tableName: 'orders' }], filters: null, limit: 3, offset: 0, orderBy: ['amount DESC'] });

      await call('GET', `${P}/queries/folders`);
      const root = await call('POST', `${P}/queries/folders`, { folderName: 'Top/Level' });
      const sub = await call('POST', `${P}/queries/folders/${root.id}`, { folderName: 'Sub' });
      await call('GET', `${P}/queries/folders/${root.id}`);
      await call('GET', `${P}/queries/folders/tree?includeQueries=true`);
      await call('GET', `${P}/queries/folders/tree?rootFolderId=${root.id}`);
      await call('PUT', `${P}/queries/folders/${sub.id}`, { queryIdsAdded: [plain.id], queryIdsRemoved: [] });
      await call('PATCH', `${P}/queries/folders/${sub.id}/name`, { name: 'Renamed' });
      await call('PATCH', `${P}/queries/folders/${sub.id}/path`, { path: '/Elsewhere/Renamed' });
      await call('DELETE', `${P}/queries/folders/${root.id}?force=true`);

      await call('GET', `${P}/materialized-queries/status`);
      await call('GET', `${P}/materialized-queries/${mat.id}/status`);
      await call('POST', `${P}/materialized-queries/${mat.id}/refresh`);
      await call('POST', `${P}/materialized-queries/${mat.id}/cancel`);

      await call('GET', `${P}/table`);
      await call('POST', `${P}/table/confevents`);
      await call('POST', `${P}/table/confevents/columns`, [
        { name: 'id', dataType: 'BIGINT', displayName: 'id', defaultValue: null, isNotNull: true, isUnique: false },
        { name: 'note', dataType: 'VARCHAR' },
      ]);
      await call('GET', `${P}/table/confevents/columns`);
      const imported = await call('POST', `${P}/table/confevents/import`, undefined, {
        multipart: multipart({ mappings: [{ name: 'id', csvColumnName: 'id' }, { name: 'note', csvColumnIndex: 1 }], containsHeader: true }, 'id,note\n1,one\n2,two\n'),
      });
      expect(imported.result.rowCount).toBe(2);
      expect(await call('GET', `${P}/table/confevents/sample`)).toBe('id,note\n1,one\n2,two\n');
      const exported = await call('POST', `${P}/queries/${plain.id}/exports`, { format: 'CSV', columns: ['customer_id'], compression: 'NONE' });
      let job = await call('GET', `${P}/exports/${exported.id}`);
      while (job.status === 'PENDING' || job.status === 'RUNNING') job = await call('GET', `${P}/exports/${exported.id}`);
      expect(job.status).toBe('SUCCEEDED');
      await call('GET', `${P}/exports?status=SUCCEEDED,RUNNING&limit=10`);
      await call('GET', `${P}/exports?createdBefore=2999-01-01T00:00:00Z`);
      const link = new URL(job.files[0].url);
      expect(await call('GET', `${link.pathname.slice('/api/v1'.length)}${link.search}`, undefined, { key: null })).toMatch(/^customer_id\n/);
      await call('DELETE', `${P}/exports/${exported.id}`);
      const tableExport = await call('POST', `${P}/catalogs/1/schemas/table/tables/confevents/exports`, { format: 'JSONL', limit: 1 });
      let tableJob = await call('GET', `${P}/exports/${tableExport.id}`);
      while (tableJob.status === 'PENDING' || tableJob.status === 'RUNNING') tableJob = await call('GET', `${P}/exports/${tableExport.id}`);
      expect(tableJob).toMatchObject({ status: 'SUCCEEDED', rowCount: 1, catalogId: '1', schemaName: 'table', tableName: 'confevents' });
      await call('PUT', `${P}/table/confevents/columns/note`, { name: 'remark', defaultValue: 'none' });
      await call('DELETE', `${P}/table/confevents/columns/remark`);
      await call('DELETE', `${P}/table/confevents`);
      await call('POST', `${P}/bitable/confsummary`);
      await call('POST', `${P}/bitable/confsummary/columns`, [{ name: 'region', dataType: 'VARCHAR' }, { name: 'total', dataType: 'DECIMAL' }]);
      await call('GET', `${P}/bitable`);
      await call('GET', `${P}/bitable/confsummary/columns`);
      await call('PUT', `${P}/bitable/confsummary/columns/total`, { dataType: 'BIGINT', isNotNull: true });
      await call('DELETE', `${P}/bitable/confsummary/columns/region`);
      await call('DELETE', `${P}/bitable/confsummary`);
      const cache = await call('POST', `${P}/cache?incrementalColumn=order_id`, { catalogId: '1', schemaName: 'table', tableName: 'orders', fullRefreshCacheSchedule: { type: 'BASIC', expression: 'PT6H' } });
      await call('POST', `${P}/cache/batch`, [{ catalogId: '1', schemaName: 'table', tableName: 'customers', incrementalCacheSchedule: { type: 'CRON', expression: 'CRON_TZ=Europe/Berlin 0 3 * * *' } }, { catalogId: '1', schemaName: 'table', tableName: 'nope' }]);
      await call('GET', `${P}/cache/${cache.id}`);
      await call('PUT', `${P}/cache/${cache.id}`, { incrementalCacheSchedule: { type: 'BASIC', expression: 'PT1H' }, fullRefreshCacheSchedule: { type: 'NONE' } });
      await call('POST', `${P}/cache/${cache.id}/fullRefreshUpdate`);
      // One run at a time: the incremental update once the full refresh has ended.
      while ((await g.call('GET', `${P}/cache/${cache.id}/status`)).body.status === 'RUNNING') await new Promise((resolve) => setTimeout(resolve, 10));
      await call('POST', `${P}/cache/${cache.id}/incrementalUpdate`);
      await call('GET', `${P}/cache/status`);
      await call('GET', `${P}/catalog/1/cache/status`);
      await call('GET', `${P}/catalog/1/schema/table/cache/status`);
      await call('GET', `${P}/cache/${cache.id}/status`);
      await call('GET', `${P}/cache/${cache.id}/status?excludeLogs=true`);
      await call('GET', `${P}/cache/${cache.id}/executionHistory?limit=5&offset=0`);
      // A source that runs as long as it is let: its runs are running when they are cancelled.
      await call('POST', `${P}/queries`, { displayName: 'Conf Slow', inputQuery: 'SELECT max(range) AS n FROM range(1000000000000)' });
      const slow = await call('POST', `${P}/cache?incrementalColumn=n`, { catalogId: '2', schemaName: 'query', tableName: 'confslow' });
      await call('POST', `${P}/cache/${slow.id}/cancelFullRefreshUpdate`);
      await call('POST', `${P}/cache/${slow.id}/incrementalUpdate`);
      await call('POST', `${P}/cache/${slow.id}/cancelIncrementalUpdate`);
      expect((await call('GET', `${P}/cache/${slow.id}/executionHistory`)).map((r: { status: string }) => r.status)).toEqual(['CANCELLED', 'CANCELLED']);
      for (const c of await call('GET', `${P}/cache/status`)) await call('DELETE', `${P}/cache/${c.id}`);
      await call('DELETE', `${P}/queries/${plain.id}`);

      const semantic = await call('POST', '/data/projects/demo/semantic-catalogs', { name: 'Sales' });
      expect(semantic).toMatchObject({ name: 'sales', catalogType: 'SEMANTIC', connectionId: null });
      const aQuery = await call('POST', `${P}/queries`, { displayName: 'Semantic source', inputQuery: 'SELECT order_id FROM svc.table.orders' });
      const semTable = await call('POST', `/data/projects/demo/semantic-catalogs/${semantic.id}`, { schemaName: 'finance', tableName: 'orders', queryId: aQuery.id });
      expect(semTable).toMatchObject({ catalogId: semantic.id, catalogName: 'sales', schemaName: 'finance', tableName: 'orders' });
      await call('DELETE', `/data/projects/demo/semantic-catalogs/${semantic.id}/table/${semTable.tableId}`);
      const meta = await call('GET', '/metadata/demo?catalogId=1&schemaName=table');
      expect(meta.catalogs[0].schemas[0].tables.map((t: { tableName: string }) => t.tableName)).toContain('orders');
      expect((await call('POST', '/metadata/demo/refresh', { catalogId: '1' })).catalogIds).toEqual(['1']);
      expect(['ACTIVE', 'COMPLETED']).toContain((await call('GET', '/metadata/demo/refresh/1')).status);
      expect(await call('POST', '/metadata/demo/refresh/callback', { callbackURL: 'http://127.0.0.1:9/refreshed' })).toEqual({ callbackURL: 'http://127.0.0.1:9/refreshed', hasToken: false });
      expect((await call('GET', '/metadata/demo/refresh/callback')).callbackURL).toBe('http://127.0.0.1:9/refreshed');
      expect((await call('DELETE', '/metadata/demo/refresh/callback')).deleted).toBe(true);
      expect(await call('PUT', '/metadata/demo/1', { useWithAI: true })).toEqual({ catalogId: '1', schemaName: null, useWithAI: true });
      expect(await call('PUT', '/metadata/demo/1/table', { useWithAI: false })).toEqual({ catalogId: '1', schemaName: 'table', useWithAI: false });
      const described = await call('PUT', '/metadata/demo/1/table/orders', { tableDescription: 'One row per order', columns: [{ columnName: 'status', columnDescription: 'paid or not' }], useWithAI: true });
      expect(described).toMatchObject({ tableName: 'orders', tableDescription: 'One row per order', useWithAI: true });
      const categorical = await call('PUT', '/metadata/demo/categorical/1/table/orders/status', { limit: 3, frequency: 'DAILY' });
      expect(categorical.columns.find((c: { columnName: string }) => c.columnName === 'status')).toMatchObject({ isCategorical: true, columnDescription: 'paid or not' });
      expect((await call('DELETE', '/metadata/demo/categorical/1/table/orders/status')).columns.find((c: { columnName: string }) => c.columnName === 'status').isCategorical).toBe(false);
      const golden = await call('POST', '/metadata/demo/golden-sqls', { prompt: 'Orders per status', sql: 'SELECT status, count(*) AS n FROM svc.table.orders GROUP BY 1' });
      expect((await call('GET', '/metadata/demo/golden-sqls')).goldenSqls.map((g: { id: string }) => g.id)).toEqual([golden.id]);
      expect((await call('GET', '/metadata/demo/golden-sql/query?q=status')).goldenSqls[0]).toMatchObject({ id: golden.id, score: 3 });
      await call('DELETE', `/metadata/demo/golden-sqls/${golden.id}`);
      const relation = await call('POST', '/metadata/demo/relations/1/table/orders/customer_id', { targetCatalogId: '1', targetSchemaName: 'table', targetTableName: 'customers', targetColumnName: 'customer_id', type: 'MANY_TO_ONE' });
      expect((await call('GET', '/metadata/demo/relations/1')).relations.map((r: { id: string }) => r.id)).toEqual([relation.id]);
      expect((await call('PUT', `/metadata/demo/relations/1/table/orders/${relation.id}`, { type: 'ONE_TO_ONE' })).type).toBe('ONE_TO_ONE');
      await call('DELETE', `/metadata/demo/relations/1/table/orders/${relation.id}`);
      const conn = await call('POST', '/connections/demo', { name: 'Conf Sales', type: 'duckdb', credential: { path: source } });
      await call('GET', '/connections/demo');
      await call('GET', `/connections/demo/${conn.id}`);
      await call('GET', `/connections/demo/${conn.id}/detail`);
      await call('PUT', `/connections/demo/${conn.id}`, { name: 'Conf Sales 2', type: 'duckdb', credential: { path: source } });
      const catalog = (await call('GET', `${P}/catalogs`)).find((c: { connectionId: string | null }) => c.connectionId === conn.id);
      await call('GET', `${P}/catalogs/${catalog.id}`);
      await call('GET', `${P}/catalogs/${catalog.id}/schemas`);
      await call('GET', `${P}/catalogs/${catalog.id}/schemas/main/tables`);
      await call('GET', `${P}/catalogs/${catalog.id}/schemas/main/tables/orders/columns`);
      await call('GET', `${P}/catalogs/${catalog.id}/schemas/main/tables/orders/statistics`);
      await call('GET', `${P}/catalogs/${catalog.id}/schemas/main/tables/orders/isCached`);
      await call('GET', `${P}/catalogs/1/schemas/table/tables/orders/statistics`);
      await call('POST', `${P}/search`, { query: 'ord', limit: 10, offset: 0 });
      const named = await call('POST', `${P}/catalogs`, { name: 'Conf Warehouse', connectionId: conn.id });
      expect(named).toMatchObject({ id: catalog.id, name: 'confwarehouse', displayName: 'Conf Warehouse', connectionId: conn.id });
      const shared = await call('POST', `${P}/catalogs/${catalog.id}/share`, { targetProjectId: madeHere.id });
      expect((await g.call('GET', `/data/projects/${madeHere.id}/catalogs/${shared.sharedCatalogId}`)).body).toMatchObject({ name: 'confwarehouse' });
      await call('DELETE', `/connections/demo/${conn.id}`);
      const files = await call('POST', '/connections/demo', { name: 'Conf Files', type: 'csv', credential: { path: csvFile } });
      const filesCatalog = (await call('GET', `${P}/catalogs`)).find((c: { connectionId: string | null }) => c.connectionId === files.id);
      const PT = `${P}/catalogs/${filesCatalog.id}/parametricTables`;
      await call('POST', PT, { fromSchema: 'main', fromTable: 'visits', toSchema: 'main', toTable: 'pricing', paramValues: [{ key: 'page', value: '/pricing' }, { key: 'visitor', value: 7 }] });
      expect(await call('GET', PT)).toEqual([{ fromSchema: 'main', fromTable: 'visits', toSchema: 'main', toTable: 'pricing', paramValues: [{ key: 'page', value: '/pricing' }, { key: 'visitor', value: 7 }] }]);
      await call('DELETE', `${PT}?toSchema=main&toTable=pricing`);
      await call('DELETE', `/connections/demo/${files.id}`);
      const again = await call('POST', '/connections/demo', { name: 'Conf Again', type: 'duckdb', credential: { path: source } });
      const againCatalog = (await call('GET', `${P}/catalogs`)).find((c: { connectionId: string | null }) => c.connectionId === again.id);
      await call('DELETE', `${P}/catalogs/${againCatalog.id}`);
      expect((await call('GET', '/connections/demo')).map((c: { id: string }) => c.id)).not.toContain(again.id);

      expect(problems).toEqual([]);
      expect([...exercised].sort()).toEqual(ANSWERED.map((o) => o.id).sort());
    });

    it('answers 501 naming the operation for those only the hosted service has', async () => {
      for (const [method, path, body, id] of [
        ['POST', '/connections/demo/oauth2', { code: 'x' }, 'oauth2Callback'],
        ['POST', '/metadata/demo/semantics/1/table/orders', { initialPrompt: 'orders' }, 'generateSemantics'],
        ['GET', '/metadata/demo/questions/generate?question=why', undefined, 'generateSampleQuestions'],
        ['GET', '/metadata/demo/query?table=orders', undefined, 'queryMetadata'],
        ['POST', '/sql/transpile/mysql', { query: 'SELECT 1' }, 'transpileSQL'],
        ['POST', '/ui/initSession', { projectId: 'demo' }, 'initSession'],
        ['POST', '/ai-agent/demo/chat/stream', { message: 'Who?' }, 'chatStream'],
        ['POST', '/ai-agent/demo/chat', { message: 'Who?' }, 'chat'],
        ['GET', '/ai-agent/workflow/png', undefined, 'getWorkflowImage'],
        ['POST', '/data/projects/demo/semantic-catalogs/1/share', { target: 'demo2' }, 'shareSemanticTable'],
        ['GET', '/ai-agent/demo/threads', undefined, 'listThreads'],
        ['GET', '/ai-agent/demo/threads/th-1', undefined, 'getThread'],
        ['PUT', '/ai-agent/demo/threads/th-1', { displayName: 'x' }, 'updateThread'],
        ['DELETE', '/ai-agent/demo/threads/th-1', undefined, 'deleteThread'],
      ] as const) {
        const res = await g.call(method, path, body === undefined ? {} : { body });
        expect([res.status, res.body.message]).toEqual([501, expect.stringContaining(id)]);
      }
    });

    it('answers errors with the documented error body', async () => {
      for (const [method, path] of [['GET', `${P}/queries/404404404404404404`], ['DELETE', `${P}/queries/folders/nope`], ['GET', `${P}/table/nope/columns`], ['GET', '/organizations/nope']]) {
        const res = await g.call(method, path);
        expect(res.status).toBe(404);
        const found = requestProblems({ method, path, query: {}, body: '' });
        expect(responseProblems(found.operation!, shape, res)).toEqual([]);
      }
    });
  });
}

describe('the routes', () => {
  it('are exactly the operations of the table (src/wire), which the tests above exercise in both shapes', () => {
    // Parameter names aside: the document calls a folder's parent {parentFolderId}, the route :folderId.
    const template = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');
    // The download link's route is answered before the key is checked (its link carries its own authority).
    const routes = [...gatewayRoutes().routes, ...downloadRoutes().routes].map((r) => `${r.method} ${template(r.path)}`);
    expect(routes.length).toBe(new Set(routes).size);
    expect(routes.sort()).toEqual(SERVED.map((o) => `${o.method} ${template(o.path)}`).sort());
  });
});

describe('the two shapes differ where the seed speaks', () => {
  it('folder list, delete and refresh: the seed\'s answers in spec, the document\'s in hosted', async () => {
    const spec = await openGateway({ apiShape: 'spec' });
    const hosted = await openGateway({ apiShape: 'hosted' });
    try {
      for (const g of [spec, hosted]) await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Shapes' } });
      const specList = (await spec.call('GET', `${P}/queries/folders`)).body;
      const hostedList = (await hosted.call('GET', `${P}/queries/folders`)).body;
      expect(specList).toEqual([{ id: expect.any(String), name: 'Shapes', createdAt: expect.any(Number), modifiedAt: expect.any(Number), children: [], queryIds: [] }]);
      expect(hostedList).toEqual({ items: [{ id: expect.any(String), name: 'Shapes', path: '/Shapes', parentId: null, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }] });
      const specDelete = await spec.call('DELETE', `${P}/queries/folders/${specList[0].id}`);
      const hostedDelete = await hosted.call('DELETE', `${P}/queries/folders/${hostedList.items[0].id}`);
      expect([specDelete.status, specDelete.body.name]).toEqual([200, 'Shapes']);
      expect([hostedDelete.status, hostedDelete.text]).toEqual([204, '']);
    } finally {
      await spec.close();
      await hosted.close();
    }
  });
});
