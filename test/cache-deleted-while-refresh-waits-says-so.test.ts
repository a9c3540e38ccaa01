import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// A cache deleted by another client while `cache refresh --wait` waits: said by the name given, as mtquery refresh --wait says it.
const { server, dgw } = useStandIn('proj-1');
const ID = '3f2b8c1e-0000-4000-8000-00000000ca02';
const C = `/data/projects/proj-1/cache/${ID}`;
const run = (status: string) => ({ id: 'r2', executionMode: 'FULL_REFRESH', status, createdAt: '2026-01-01T00:00:00Z' });
const status = (last?: object) => ({ id: ID, status: 'RUNNING', catalogId: '1', schemaName: 'table', tableName: 'orders', ...(last ? { lastFullRefreshCacheExecution: last } : {}) });

describe('cache refresh --wait while the cache is deleted', () => {
  it('is exit 4 naming the cache as given, not its id', async () => {
    server.on('GET', /\/cache\/status$/, { json: [status()] });
    server.on('POST', `${C}/fullRefreshUpdate`, { json: { execution: run('RUNNING') } });
    server.on('GET', `${C}/status`, { json: status(run('RUNNING')) }, { status: 404, json: { errorCode: 'NOT_FOUND', message: `cache ${ID} not found in project proj-1` } });
    const r = await dgw(['cache', 'refresh', 'orders', '--wait', '--timeout', '20s']);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('cache orders was deleted while waiting for its refresh');
  });
});
