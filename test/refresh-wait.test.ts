import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// `mtquery refresh --wait` follows the status until this refresh ends, and exit 10 when it fails.
const { server, dgw } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';
const STATUS = `/data/projects/proj-1/materialized-queries/${QID}/status`;
// One run's start time stays the same while it runs, as the service's does.
const STARTED = new Date(Date.now() + 3_600_000).toISOString();
const view = (status: string, extra: Record<string, unknown> = {}) => ({
  queryId: QID, queryName: 'daily', scheduleSettings: null, nextExecutionStartTime: null, status,
  lastExecutionStartTime: STARTED, lastUpdateTime: null, ...extra,
});

describe('mtquery refresh --wait', () => {
  it('polls until COMPLETED and prints the final status', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, () => ({ json: view('RUNNING') }), () => ({ json: view('RUNNING') }), () => ({ json: view('COMPLETED') }));
    const r = await dgw(['mtquery', 'refresh', QID, '--wait', '--json', 'status']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ status: 'COMPLETED' });
    expect(server.requests.filter((q) => q.method === 'GET')).toHaveLength(3);
  });

  it('a COMPLETED status from an earlier run is not taken for this one', async () => {
    const old = view('COMPLETED', { lastExecutionStartTime: '2020-01-01T00:00:00Z' });
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, { json: old }, { json: view('RUNNING') }, { json: view('COMPLETED') });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait', '-q']);
    expect(r.code).toBe(0);
    expect(server.requests.filter((q) => q.method === 'GET')).toHaveLength(3);
  });

  it('a RUNNING status still carrying the previous run\'s start, then COMPLETED with this run\'s, is this refresh completed (not a rebuild)', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING', { lastExecutionStartTime: '2020-01-01T00:00:00Z' }) }, { json: view('COMPLETED') });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait', '--json', 'status']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ status: 'COMPLETED' });
  });

  it('FAILED → exit 10 with the reason', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING') }, { json: view('FAILED', { message: 'column "amount" not found' }) });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait']);
    expect(r.code).toBe(10);
    expect(r.stderr).toMatch(/^error: refresh of daily failed: column "amount" not found/m);
  });

  it('gives up after --timeout with exit 9', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING') });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait', '--timeout', '2s']);
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(/gave up waiting for the refresh after 2 s/);
    // The service goes on with it: dgw says how to follow or stop it, and stops nothing itself.
    expect(r.stderr).toContain(`hint: the refresh goes on in the service: follow it with \`dgw mtquery status ${QID}\`, or stop it with \`dgw mtquery cancel ${QID}\``);
    expect(server.requests.filter((q) => q.path.endsWith('/cancel'))).toHaveLength(0);
  });

  it('without --wait, one POST and done', async () => {
    server.on('POST', `/data/projects/proj-1/materialized-queries/${QID}/refresh`, { status: 200 });
    const r = await dgw(['mtquery', 'refresh', QID, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ queryId: QID, refresh: 'accepted' });
    expect(server.requests).toHaveLength(1);
  });
});
