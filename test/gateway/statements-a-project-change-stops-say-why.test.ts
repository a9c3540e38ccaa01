import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchConnectionsAtWork } from '../support/at-work.js';
import { LOCAL_ORGANIZATION, LOCAL_WORKSPACE } from '../../src/gateway/routes/organizations.js';
import { openGateway, tempDir, type TestGateway } from './helpers.js';

// Deleting a project, or changing its connections (which reopens it), stops the statements running
// in it. Their requests were answered with DuckDB's bare "INTERRUPT Error: Interrupted!" (400,
// SQL_ERROR), as if the SQL were wrong; they now say what happened. A spy tells when a request's
// connection is at work, so the change comes while its statement runs however busy the machine is.

const LONG = 'SELECT count(*) AS n FROM range(1000000000000) t(i) WHERE hash(i) % 7 = 3';
const PROJECTS = `/organizations/${LOCAL_ORGANIZATION.id}/workspaces/${LOCAL_WORKSPACE.id}/projects`;
const tmp = tempDir('dgw-stopped-why-');
const files = tempDir('dgw-stopped-why-files-');
let g: TestGateway;
let nextAtWork: () => Promise<void>;

beforeAll(async () => {
  g = await openGateway({ dataDir: tmp.dir });
  nextAtWork = watchConnectionsAtWork();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await g.close();
  tmp.remove();
  files.remove();
});

/** Sends a request and resolves once its statement's connection is at work, with its answer to come (wrapped: an async function would wait for it). */
async function runningNow(method: string, path: string, body: unknown) {
  const started = nextAtWork();
  const answer = g.call(method, path, { body });
  await started;
  return { answer };
}

describe('a statement stopped by a change to its project says why', () => {
  it('a project deleted under run SQL: 404, the project was deleted while the request ran', async () => {
    expect((await g.call('POST', PROJECTS, { body: { name: 'shop' } })).status).toBe(200);
    const { answer } = await runningNow('POST', '/data/projects/shop/queries/execute', { statement: LONG });
    expect((await g.call('DELETE', `${PROJECTS}/shop`)).status).toBeLessThan(300);
    const r = await answer;
    expect([r.status, r.body]).toEqual([404, { errorCode: 'NOT_FOUND', message: 'project shop was deleted while this request ran' }]);
  });

  it('a project deleted under a materialized create: 404 as well', async () => {
    expect((await g.call('POST', PROJECTS, { body: { name: 'shop' } })).status).toBe(200);
    const { answer } = await runningNow('POST', '/data/projects/shop/queries', { displayName: 'Big', queryType: 'MATERIALIZED', inputQuery: LONG });
    expect((await g.call('DELETE', `${PROJECTS}/shop`)).status).toBeLessThan(300);
    const r = await answer;
    expect([r.status, r.body.errorCode, r.body.message]).toEqual([404, 'NOT_FOUND', 'project shop was deleted while this request ran']);
  });

  it('a connection made under run SQL: 409, the project reopened to attach it; run it again', async () => {
    const csv = join(files.dir, 'sales.csv');
    writeFileSync(csv, 'id,amount\n1,2.5\n');
    const { answer } = await runningNow('POST', '/data/projects/demo/queries/execute', { statement: LONG });
    expect((await g.call('POST', '/connections/demo', { body: { name: 'sales', type: 'csv', credential: { path: csv } } })).status).toBe(200);
    const r = await answer;
    expect([r.status, r.body.errorCode]).toEqual([409, 'CONFLICT']);
    expect(r.body.message).toBe('project demo reopened while this request ran, to attach a change to its connections: its statement was stopped; run it again');
    const again = await g.call('POST', '/data/projects/demo/queries/execute?format=SIMPLE', { body: { statement: 'SELECT sum(amount) AS total FROM sales.main.sales' } });
    expect(again.body.data).toEqual([{ total: 2.5 }]);
  });
});
