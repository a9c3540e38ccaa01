import { describe, expect, it } from 'vitest';
import type { Http } from '../src/api/http.js';
import { pollUntil } from '../src/commands/poll.js';
import type { Context } from '../src/context.js';

// The local gateway holds a status poll until the run ends; when nothing is running it answers at
// once (the run waited for was replaced by a newer one, say). The wait then paces itself instead
// of asking again at once, thousands of times a second, until its deadline.
describe('a wait on held polls', () => {
  it('waits out the hold of a poll answered at once, then gives up at its deadline', async () => {
    let now = 0;
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    const ctx = { clock, signal: undefined } as unknown as Context;
    const http = { timeoutMs: 30_000 } as Http;
    const askedAt: number[] = [];
    const read = async () => {
      askedAt.push(now);
      if (askedAt.length > 50) throw new Error('spun: asked again and again without waiting');
      return 'RUNNING elsewhere';
    };
    const plan = { deadlineMs: 20_000, firstPollMs: 1000, maxPollMs: 5000, heldPolls: true };
    await expect(pollUntil(ctx, http, plan, read, () => undefined, () => new Error('gave up'))).rejects.toThrow('gave up');
    expect(askedAt).toEqual([0, 0, 1000, 3000, 7000, 12000, 17000]);
  });
});
