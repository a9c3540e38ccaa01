import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A job read at the moment it ends is never taken for one an earlier gateway left unfinished: the
// job saves its end, then runs no more, so a read whose record still said RUNNING while the job
// ended must answer that, not mark a job that succeeded FAILED. Polled as tightly as a client can,
// export after export, every one succeeds.

let g: TestGateway;
let queryId: string;
beforeAll(async () => {
  g = await openGateway();
  const made = await g.call('POST', `${P}/queries`, { body: { displayName: 'Quick export', inputQuery: 'SELECT i AS n FROM range(1000) t(i)' } });
  expect(made.status, made.text).toBe(200);
  queryId = made.body.id;
});
afterAll(() => g.close());

describe('an export polled without pause while it ends', () => {
  it('is SUCCEEDED every time, by its own read and in the list', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 40; i++) {
      const started = await g.call('POST', `${P}/queries/${queryId}/exports`, { body: { format: 'CSV' } });
      expect(started.status, started.text).toBe(202);
      let job = started.body as { id: string; status: string; error?: string };
      // Reads of the job and of the list, interleaved, without waiting between them.
      while (job.status === 'PENDING' || job.status === 'RUNNING') {
        const [one] = await Promise.all([g.call('GET', `${P}/exports/${job.id}`), g.call('GET', `${P}/exports`)]);
        job = one.body;
      }
      statuses.push(job.status === 'SUCCEEDED' ? job.status : `${job.status}: ${job.error}`);
    }
    expect(statuses).toEqual(Array(40).fill('SUCCEEDED'));
    const listed = await g.call('GET', `${P}/exports`);
    const items = (Array.isArray(listed.body) ? listed.body : (listed.body.items ?? listed.body.data ?? [])) as Array<{ status: string }>;
    expect(items.filter((e) => e.status !== 'SUCCEEDED')).toEqual([]);
  }, 60_000);
});
