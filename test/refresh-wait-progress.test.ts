import { describe, expect, it } from 'vitest';
import { startDgw } from './support/dgw.js';
import { useStandIn } from './support/stand-in.js';

// `mtquery refresh --wait` on a terminal shows the time so far and the status as it changes, on
// one line redrawn in place (never in pipes, CI or --json); after Ctrl-C on a refresh the service
// runs, dgw says that it goes on and how to cancel it.

const { server, env, dgw, dgwInTerminal } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';
const REFRESH = `/data/projects/proj-1/materialized-queries/${QID}/refresh`;
const STATUS = `/data/projects/proj-1/materialized-queries/${QID}/status`;
// One run's start time stays the same while it runs, as the service's does.
const STARTED = new Date(Date.now() + 3_600_000).toISOString();
const view = (status: string) => ({
  queryId: QID, queryName: 'daily', scheduleSettings: null, nextExecutionStartTime: null, status,
  lastExecutionStartTime: STARTED, lastUpdateTime: null,
});
// Polls come at about 0, 0.25, 0.75, 1.75 and 3.75 s: RUNNING for the first four, then COMPLETED.
const slowRefresh = () => {
  server.on('POST', REFRESH, { status: 200 });
  server.on('GET', STATUS, { json: view('NOT_INITIALIZED') }, { json: view('RUNNING') }, { json: view('RUNNING') }, { json: view('RUNNING') }, { json: view('COMPLETED') });
};

describe('on a terminal', () => {
  it('one line redrawn each second: the status as it changes and the elapsed time', async () => {
    slowRefresh();
    const r = await dgwInTerminal(['mtquery', 'refresh', QID, '--wait']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('waiting for the refresh of 3f2b8c1e-0000-4000-8000-000000000001: requested, 0s');
    expect(r.stdout).toContain(': NOT_INITIALIZED, 0s');
    // RUNNING for 3.5 s at least (the polls' own waits; a busy machine only makes it longer), redrawn each second with
    // the time so far: seconds that grow, whichever ones a busy machine happened to draw.
    const seconds = [...r.stdout.matchAll(/: RUNNING, (\d+)s/g)].map((m) => Number(m[1]));
    expect(new Set(seconds.filter((n) => n >= 1)).size, r.stdout).toBeGreaterThanOrEqual(2);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    // Redrawn in place (carriage return, clear line), and cleared before the result.
    expect(r.stdout).toContain('\r\x1b[2K');
    const afterLast = r.stdout.slice(r.stdout.lastIndexOf('\r\x1b[2K') + '\r\x1b[2K'.length);
    expect(afterLast).toContain('COMPLETED');
    expect(afterLast).not.toContain('waiting for the refresh');
  });

  it('not with --json, nor when CI is set', async () => {
    slowRefresh();
    const json = await dgwInTerminal(['mtquery', 'refresh', QID, '--wait', '--json', 'status']);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toContain('\x1b[2K');
    expect(json.stdout).not.toMatch(/RUNNING, \ds/);
    server.reset();
    slowRefresh();
    const ci = await dgwInTerminal(['mtquery', 'refresh', QID, '--wait'], { env: { CI: 'true' } });
    expect(ci.code).toBe(0);
    expect(ci.stdout).not.toContain('\x1b[2K');
  });
});

describe('in pipes', () => {
  it('one plain note, no redrawn line', async () => {
    slowRefresh();
    const r = await dgw(['mtquery', 'refresh', QID, '--wait']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^waiting for the refresh of \S+…$/m);
    expect(r.stderr).not.toContain('\r');
    expect(r.stderr).not.toMatch(/RUNNING, \ds/);
  });
});

describe('Ctrl-C while waiting for a refresh the service runs', () => {
  it('exit 130, saying the refresh goes on and how to follow or cancel it', async () => {
    server.on('POST', REFRESH, { status: 200 });
    server.on('GET', STATUS, { json: view('RUNNING') });
    server.on('GET', /\/queries$/, { json: [{ id: QID, name: 'daily', displayName: 'Daily', inputQuery: 'SELECT 1', queryType: 'MATERIALIZED' }] });
    const running = startDgw(['mtquery', 'refresh', 'daily', '--wait'], { env: env() });
    await running.waitForOutput('waiting for the refresh of daily');
    running.child.kill('SIGINT');
    const { code } = await running.exited;
    expect(code).toBe(130);
    expect(running.stderr()).toMatch(/^error: interrupted$/m);
    expect(running.stderr()).toMatch(/^hint: the refresh goes on in the service: follow it with `dgw mtquery status daily`, or stop it with `dgw mtquery cancel daily`$/m);
    expect(server.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/cancel'))).toHaveLength(0);
  });
});
