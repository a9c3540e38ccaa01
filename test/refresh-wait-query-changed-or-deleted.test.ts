import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// A refresh stopped by a change that rebuilt its query, or by the query's deletion, is not reported as completed.
const { server, dgw } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';
const STATUS = `/data/projects/proj-1/materialized-queries/${QID}/status`;
const START = Date.now() + 5000;
const view = (status: string, startedAt: number) => ({
  queryId: QID, queryName: 'daily', scheduleSettings: null, nextExecutionStartTime: null, status,
  lastExecutionStartTime: new Date(startedAt).toISOString(), lastUpdateTime: null, message: null,
});

describe('mtquery refresh --wait while the query changes', () => {
  it('a rebuild of the query while waiting is exit 10, not "completed"', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING', START) }, { json: view('COMPLETED', START + 60_000) });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait']);
    expect(r.code).toBe(10);
    expect(r.stderr).toContain(`the refresh of ${QID} did not complete: the query was changed while waiting`);
    expect(r.stderr).not.toContain('completed\n');
  });

  it('the query deleted while waiting is exit 4 saying so', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING', START) }, { status: 404, json: { errorCode: 'NOT_FOUND', message: `query ${QID} not found` } });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`query ${QID} was deleted while waiting for its refresh`);
  });
});
