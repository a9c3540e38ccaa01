import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A read of an export with `waitMs` (the local gateway's own parameter) is held while the job
// runs and answered as soon as it ends: the CLI waits for an in-process or served export this way,
// so its wait ends with the job, not at its next poll. The hold has a bound, and a finished job or
// another process's is answered at once.

/** An export whose COPY takes a second or two on this machine. */
const SLOW = 'SELECT i, hash(i) % 1000 AS h FROM range(6000000) t(i) WHERE hash(i * 7) % 3 <> 3';

let g: TestGateway;
let queryId: string;
beforeAll(async () => {
  g = await openGateway();
  const made = await g.call('POST', `${P}/queries`, { body: { displayName: 'Held export', inputQuery: SLOW } });
  expect(made.status, made.text).toBe(200);
  queryId = made.body.id;
});
afterAll(() => g.close());

async function started(): Promise<string> {
  const r = await g.call('POST', `${P}/queries/${queryId}/exports`, { body: { format: 'CSV' } });
  expect(r.status, r.text).toBe(202);
  return r.body.id;
}

describe('GET .../exports/{id}?waitMs=', () => {
  it('holds the read of a running job until it ends, then answers SUCCEEDED with its links', async () => {
    const id = await started();
    const held = await g.call('GET', `${P}/exports/${id}?waitMs=30000`);
    const answered = Date.now();
    expect(held.status, held.text).toBe(200);
    // SUCCEEDED from one read: it was held until the job ended.
    expect(held.body.status).toBe('SUCCEEDED');
    expect(held.body.files).toHaveLength(1);
    // Answered after the job's end, and not held on to the bound: counted from the job's own end, so a slow job on a busy machine does not count.
    const ended = Date.parse(held.body.createdAt) + held.body.durationMs;
    expect(ended).toBeLessThanOrEqual(answered);
    expect(answered - ended).toBeLessThan(15_000);
  });

  it('answers a job still running after waitMs at the most, with its status then', async () => {
    const id = await started();
    const before = Date.now();
    const held = await g.call('GET', `${P}/exports/${id}?waitMs=100`);
    expect(held.status, held.text).toBe(200);
    // Held for waitMs (a busy machine only makes that longer), and answered before the job's end: its status is still the running one.
    expect(Date.now() - before).toBeGreaterThanOrEqual(90);
    expect(['PENDING', 'RUNNING']).toContain(held.body.status);
    await g.call('DELETE', `${P}/exports/${id}`);
  });

  it('answers a finished job at once, and refuses a waitMs that is not 0 to 30000', async () => {
    const id = await started();
    await g.call('GET', `${P}/exports/${id}?waitMs=30000`);
    const before = Date.now();
    const again = await g.call('GET', `${P}/exports/${id}?waitMs=30000`);
    expect(again.body.status).toBe('SUCCEEDED');
    // Not held: a read of a finished job that waited would take the whole 30 s bound.
    expect(Date.now() - before).toBeLessThan(30_000);
    for (const bad of ['-1', '30001', 'soon', '1.5']) {
      const r = await g.call('GET', `${P}/exports/${id}?waitMs=${bad}`);
      expect([r.status, r.body.errorCode], bad).toEqual([400, 'BAD_REQUEST']);
    }
  });
});
