import { describe, expect, it } from 'vitest';
import { mapBounded } from '../src/gateway/bounded-map.js';

// mapBounded (the local gateway's reads of many job records): every item, results in the items'
// order whatever order they finish in, never more than the limit at once, a failure passed on.

describe('mapBounded', () => {
  it('keeps the order of the items, finishing in another order, with at most `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 50 }, (_, i) => i);
    const results = await mapBounded(items, 4, async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Later items finish first: a few turns of the event loop fewer.
      for (let turn = 0; turn < 50 - i; turn++) await Promise.resolve();
      inFlight--;
      return i * 2;
    });
    expect(results).toEqual(items.map((i) => i * 2));
    expect(most).toBe(4);
  });

  it('no items, and fewer items than the limit', async () => {
    expect(await mapBounded([], 16, async () => 1)).toEqual([]);
    expect(await mapBounded(['a', 'b'], 16, async (s) => s.toUpperCase())).toEqual(['A', 'B']);
  });

  it('a failure rejects the whole', async () => {
    await expect(mapBounded([1, 2, 3], 2, async (i) => (i === 2 ? Promise.reject(new Error('two')) : i))).rejects.toThrow('two');
  });
});
