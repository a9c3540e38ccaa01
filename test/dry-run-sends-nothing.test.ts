import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { KEY, useStandIn } from './support/stand-in.js';

// `--dry-run` sends nothing at all, not even the reads that turn names into ids: it prints the
// requests a real run would send, with what it would have looked up left as {id of NAME}.

const { server, dgw } = useStandIn();
const BASE = '/api/v1/data/projects/proj-1';

describe('every command that changes something, with names to resolve', () => {
  it.each([
    [['query', 'create', 'X', '--sql', 'SELECT 1'], ['POST', `${BASE}/queries`]],
    [['query', 'create', 'X', '--materialized', '--from', 'revenuereport'], ['POST', `${BASE}/queries`, '"inputQueryRefId": "{id of revenuereport}"']],
    [['mtquery', 'create', 'X', '--from', 'revenuereport', '--every', '1d'], ['POST', `${BASE}/queries`, '"inputQueryRefId": "{id of revenuereport}"']],
    [['query', 'update', 'revenuereport', '--sql', 'SELECT 2'], ['PUT', `${BASE}/queries/{id of revenuereport}`]],
    [['query', 'update', 'nightlycopy', '--from', 'revenuereport'], ['PUT', `${BASE}/queries/{id of nightlycopy}`, '"inputQueryRefId": "{id of revenuereport}"']],
    [['query', 'rm', 'revenuereport', 'othername'], ['DELETE', `${BASE}/queries/{id of revenuereport}`, `${BASE}/queries/{id of othername}`]],
    [['mtquery', 'refresh', 'dailyrevenue'], ['POST', `${BASE}/materialized-queries/{id of dailyrevenue}/refresh`]],
    [['mtquery', 'refresh', 'dailyrevenue', '--wait'], ['POST', `${BASE}/materialized-queries/{id of dailyrevenue}/refresh`]],
    [['folder', 'create', '/reports/monthly'], ['POST', `${BASE}/queries/folders\n`, `${BASE}/queries/folders/{id of folder /reports}`, '"folderName": "monthly"']],
    [['folder', 'mv', 'revenuereport', '/reports/monthly'], ['PUT', `${BASE}/queries/folders/{id of folder /reports/monthly}`, '"{id of revenuereport}"']],
    [['folder', 'mv', 'revenuereport', '/'], ['PUT', `${BASE}/queries/folders/{id of the folder holding revenuereport}`, '"queryIdsRemoved"']],
    [['folder', 'rm', '/reports/old', '--force'], ['DELETE', `${BASE}/queries/folders/{id of folder /reports/old}?force=true`]],
    [['table', 'drop-column', 'orders', 'discount'], ['DELETE', `${BASE}/table/orders/columns/discount`]],
    [['query', 'mv', 'revenuereport', '/reports/monthly'], ['PATCH', `${BASE}/queries/{id of revenuereport}/path`, '"/reports/monthly"']],
    [['query', 'mv', 'revenuereport', 'f-9'], ['PATCH', `${BASE}/queries/{id of revenuereport}/path`, '"{path of folder f-9}"']],
    [['mtquery', 'cancel', 'dailyrevenue'], [`${BASE}/materialized-queries/{id of dailyrevenue}`]],
    [['folder', 'rename', '/reports/monthly', 'Monthly (old)'], ['PATCH', `${BASE}/queries/folders/{id of folder /reports/monthly}`]],
    [['folder', 'move', '/reports/monthly', '/archive'], ['PATCH', `${BASE}/queries/folders/{id of folder /reports/monthly}`]],
    [['key', 'create', 'ci-pipeline', '--expires', '90d'], ['POST', '/api/v1/projects/proj-1/apiKeys', '"ci-pipeline"']],
    [['key', 'rm', 'ci-pipeline'], ['DELETE', '/api/v1/projects/proj-1/apiKeys/']],
    [['project', 'create', 'staging', '--workspace', 'Analytics'], ['POST', '/api/v1/organizations/{organization of Analytics}/workspaces/{id of Analytics}/projects', '"staging"']],
    [['table', 'create', 'events', '--column', 'id:BIGINT'], ['POST', `${BASE}/table/events`]],
    [['table', 'add-column', 'orders', 'discount:DECIMAL'], ['POST', `${BASE}/table/orders/columns`, '"discount"']],
    [['table', 'rm', 'staging'], ['DELETE', `${BASE}/table/staging`]],
    [['api', 'DELETE', '/data/projects/{projectId}/queries/q-1'], ['DELETE', `${BASE}/queries/q-1`]],
    [['api', 'GET', '/info'], ['GET', '/api/v1/info']],
    [['cache', 'create', 'shop.main.orders'], ['POST', `${BASE}/cache`, '"catalogId": "{id of shop}"']],
    [['cache', 'update', 'orders', '--every', '2h'], ['PUT', `${BASE}/cache/{id of cache orders}`, '"PT2H"']],
    [['cache', 'create', '--batch', 'table.orders', 'table.customers'], ['POST', `${BASE}/cache/batch`]],
    [['metadata', 'describe', 'svc.table.orders', '--description', 'x'], ['PUT', '/api/v1/metadata/proj-1/{id of svc}/table/orders']],
    [['metadata', 'rm-categorical', 'svc.table.orders.status'], ['DELETE', '/api/v1/metadata/proj-1/categorical/{id of svc}/table/orders/status']],
    [['parametric-table', 'create', 'visits', 'main.pricing_visits', '--from', 'main.visits', '--param', 'page=/pricing'], ['POST', `${BASE}/catalogs/{id of visits}/parametricTables`]],
    [['parametric-table', 'rm', 'visits', 'main.pricing_visits', '--yes'], ['DELETE', `${BASE}/catalogs/{id of visits}/parametricTables?toSchema=main&toTable=pricing_visits`]],
    [['semantic-catalog', 'add-table', 'reporting', 'revenuereport', '--as', 'finance.revenue'], ['POST', `${BASE}/semantic-catalogs/{id of reporting}`, '"queryId": "{id of revenuereport}"']],
  ])('dgw %j --dry-run', async (args, shown) => {
    const r = await dgw([...args, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(0);
    for (const text of shown) expect(r.stdout).toContain(text);
    expect(r.stdout).toMatch(/^Authorization: Bearer \*\*\*\*/m);
    expect(r.stdout).not.toContain(KEY);
    expect(r.stderr).toMatch(/dry run: (nothing|this request) was not sent|dry run: nothing was sent/);
  });
});

describe('on the local zone', () => {
  const tmp = tempDir('dgw-dry-');
  afterAll(() => tmp.remove());

  it('opens nothing: no data folder, no lock, no DuckDB', async () => {
    const dataDir = join(tmp.dir, 'data');
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: dataDir, DGW_ZONE: 'local' };
    const r = await runDgw(['query', 'rm', 'revenuereport', '--dry-run'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('DELETE http://local.dgw/api/v1/data/projects/demo/queries/{id of revenuereport}');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('on a folder with no key yet, names the partner key the gateway will make, not a mask of some text', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'no-key-yet'), DGW_ZONE: 'local' };
    const r = await runDgw(['query', 'rm', 'revenuereport', '--dry-run', '--debug'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Authorization: Bearer {the partner key, made on first start}\n');
    expect(r.stderr).toContain('key {the partner key, made on first start}');
  });
});
