import { beforeAll, describe, expect, it } from 'vitest';
import { instantOf, readableTime } from '../src/output/times.js';
import { useStandIn } from './support/stand-in.js';

// Times on a terminal read as a person reads them; pipes and JSON keep the exact ISO value.

const NOW = Date.parse('2026-11-23T06:19:01.582Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('readableTime', () => {
  beforeAll(() => {
    // Local date-times are in TZ; this file reads them in Berlin.
    process.env.TZ = 'Europe/Berlin';
  });

  it.each([
    [0, 'just now'],
    [-4_000, 'just now'],
    [40_000, 'in 40 seconds'],
    [-3 * MIN, '3 minutes ago'],
    [-1 * MIN, '1 minute ago'],
    [59.6 * MIN, 'in 1 hour'],
    [6 * HOUR - 5_000, 'in 6 hours'],
    [-23 * HOUR, '23 hours ago'],
  ])('%i ms from now: %s', (ms, text) => {
    expect(readableTime(at(ms), NOW)).toBe(text);
  });

  it('a day or more away: the local date and time to the minute', () => {
    expect(readableTime('2026-11-20T06:19:01.582Z', NOW)).toBe('2026-11-20 07:19');
    expect(readableTime('2027-07-01T22:30:00Z', NOW)).toBe('2027-07-02 00:30');
  });

  it('with its date for a record', () => {
    expect(readableTime(at(6 * HOUR), NOW, { withDate: true })).toBe('in 6 hours (2026-11-23 13:19)');
  });

  it('what is not an ISO instant is left as it is', () => {
    for (const value of ['never', '', null, 1700000000000, '2026-11-23', 'yesterday', '2026-13-45T99:99:99Z']) {
      expect(readableTime(value, NOW)).toBe(value);
    }
    expect(instantOf('2026-11-23T06:19:01+01:00')).toBe(Date.parse('2026-11-23T05:19:01Z'));
  });
});

describe('on a terminal and in a pipe', () => {
  const { server, dgw, dgwInTerminal } = useStandIn();
  const status = () => [
    {
      queryId: '3f2b8c1e-0000-4000-8000-000000000001',
      queryName: 'revbycust',
      status: 'COMPLETED',
      lastExecutionStartTime: new Date(Date.now() - 3 * MIN - 10_000).toISOString(),
      lastUpdateTime: new Date(Date.now() - 3 * MIN).toISOString(),
      nextExecutionStartTime: new Date(Date.now() + 6 * HOUR).toISOString(),
      scheduleSettings: { type: 'interval', repeatDuration: 'PT6H' },
      message: null,
    },
  ];

  it('mtquery status: relative times on a terminal, the exact ISO values in a pipe and in JSON', async () => {
    const sent = status();
    server.on('GET', '/data/projects/proj-1/materialized-queries/status', { json: sent });
    const tty = await dgwInTerminal(['mtquery', 'status'], { env: { COLUMNS: '160', NO_COLOR: '1', DGW_PAGER: '' } });
    expect(tty.code, tty.stdout).toBe(0);
    expect(tty.stdout).toContain('3 minutes ago');
    expect(tty.stdout).toContain('in 6 hours');
    expect(tty.stdout).not.toContain(sent[0].lastUpdateTime);
    server.on('GET', '/data/projects/proj-1/materialized-queries/status', { json: sent });
    const pipe = await dgw(['mtquery', 'status']);
    expect(pipe.stdout.split('\t').slice(3, 6)).toEqual([sent[0].lastExecutionStartTime, sent[0].lastUpdateTime, sent[0].nextExecutionStartTime]);
    server.on('GET', '/data/projects/proj-1/materialized-queries/status', { json: sent });
    const json = await dgwInTerminal(['mtquery', 'status', '--json'], { env: { DGW_PAGER: '' } });
    expect(json.stdout).toContain(sent[0].nextExecutionStartTime);
  });

  it('export list: a relative creation time and right-aligned counts on a terminal, the ISO value in a pipe', async () => {
    const createdAt = new Date(Date.now() - 3 * MIN).toISOString();
    const job = { id: 'e1', status: 'SUCCEEDED', format: 'CSV', compression: 'NONE', rowCount: 7, bytes: 12345, downloadable: true, createdAt, queryId: '7', source: 'svc.query.q' };
    server.on('GET', '/data/projects/proj-1/exports', { json: [job] });
    const tty = await dgwInTerminal(['export', 'list'], { env: { COLUMNS: '160', NO_COLOR: '1', DGW_PAGER: '' } });
    expect(tty.code, tty.stdout).toBe(0);
    expect(tty.stdout).toContain('3 minutes ago');
    expect(tty.stdout).toMatch(/ROW COUNT {2}BYTES[\s\S]*CSV {13}7 {2}12345/);
    server.on('GET', '/data/projects/proj-1/exports', { json: [job] });
    expect((await dgw(['export', 'list'])).stdout).toContain(createdAt);
  });
});
