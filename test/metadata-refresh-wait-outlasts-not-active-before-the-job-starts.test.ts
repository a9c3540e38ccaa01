import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// The document lists not-active among a refresh job's statuses without saying when: a job not yet
// queued reads so. `--wait` ends on NOT_ACTIVE only once the job was seen running, or after five
// polls in a row that all say it (still exit 10 then: the refresh did not complete).
const { server, dgw } = useStandIn();
const STATUS = '/metadata/proj-1/refresh/709922802836177297';
const polls = () => server.requests.filter((q) => q.method === 'GET' && q.path.endsWith(STATUS)).length;

describe('metadata refresh --wait and NOT_ACTIVE', () => {
  it('waits through not-active before the job starts, to its end', async () => {
    server.on('POST', '/metadata/proj-1/refresh', { json: {} });
    server.on('GET', STATUS, { json: { status: 'not-active' } }, { json: { status: 'active' } }, { json: { status: 'completed' } });
    const r = await dgw(['metadata', 'refresh', '--catalog', '709922802836177297', '--wait', '--json', 'catalogId,status']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ catalogId: '709922802836177297', status: 'COMPLETED' }]);
    expect(polls()).toBe(3);
  });

  it('ends on not-active after the job was seen running, exit 10', async () => {
    server.on('POST', '/metadata/proj-1/refresh', { json: {} });
    server.on('GET', STATUS, { json: { status: 'active' } }, { json: { status: 'not-active' } });
    const r = await dgw(['metadata', 'refresh', '--catalog', '709922802836177297', '--wait']);
    expect(r.code).toBe(10);
    expect(r.stderr).toMatch(/^error: metadata refresh of catalog 709922802836177297 not_active$/m);
    expect(polls()).toBe(2);
  });

  it('ends on not-active said five polls in a row, exit 10', async () => {
    server.on('POST', '/metadata/proj-1/refresh', { json: {} });
    server.on('GET', STATUS, { json: { status: 'not-active' } });
    const r = await dgw(['metadata', 'refresh', '--catalog', '709922802836177297', '--wait']);
    expect(r.code).toBe(10);
    expect(r.stderr).toMatch(/^error: metadata refresh of catalog 709922802836177297 never started: the service said not_active 5 times in a row and never showed the job running$/m);
    expect(polls()).toBe(5);
  });
});
