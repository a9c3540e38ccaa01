import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// A refresh that was waited on and failed is still answered: the final status record on stdout,
// then exit 10, so a script reads what happened (status, message, times) from the record.
const { server, dgw } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';
const REFRESH = `/data/projects/proj-1/materialized-queries/${QID}/refresh`;
const STATUS = `/data/projects/proj-1/materialized-queries/${QID}/status`;
// One run's start time stays the same while it runs, as the service's does.
const STARTED = new Date(Date.now() + 3_600_000).toISOString();
const view = (status: string, extra: Record<string, unknown> = {}) => ({
  queryId: QID, queryName: 'daily', scheduleSettings: { type: 'none' }, nextExecutionStartTime: null, status,
  lastExecutionStartTime: STARTED, lastUpdateTime: null, ...extra,
});

describe('mtquery refresh --wait that fails', () => {
  it.each(['FAILED', 'CANCELLED'])('%s: --json prints the final status record on stdout, then exit 10', async (status) => {
    server.on('POST', REFRESH, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING') }, { json: view(status, { message: 'column "amount" not found' }) });
    const r = await dgw(['mtquery', 'refresh', QID, '--wait', '--json']);
    expect(r.code).toBe(10);
    expect(JSON.parse(r.stdout)).toEqual({ ...view(status, { message: 'column "amount" not found' }), lastExecutionStartTime: expect.any(String), scheduleSettings: null });
    const { error } = JSON.parse(r.stderr) as { error: { kind: string; message: string } };
    expect(error).toMatchObject({ kind: 'refresh_failed', message: `refresh of daily ${status.toLowerCase()}: column "amount" not found` });
  });

  it('--json FIELDS and a pipe print the record too', async () => {
    server.on('POST', REFRESH, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING') }, { json: view('FAILED', { message: 'boom' }) });
    const picked = await dgw(['mtquery', 'refresh', QID, '--wait', '--json', 'status,message']);
    expect(picked.code).toBe(10);
    expect(JSON.parse(picked.stdout)).toEqual({ status: 'FAILED', message: 'boom' });
    server.on('GET', STATUS, { json: view('RUNNING') }, { json: view('FAILED', { message: 'boom' }) });
    const tsv = await dgw(['mtquery', 'refresh', QID, '--wait']);
    expect(tsv.code).toBe(10);
    expect(tsv.stdout).toContain('STATUS\tFAILED\n');
    expect(tsv.stderr).toMatch(/^error: refresh of daily failed: boom$/m);
  });
});
