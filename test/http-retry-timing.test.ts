import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryDelay } from '../src/api/retry.js';

// How long the HTTP layer waits before it sends an idempotent request again (src/api/retry.ts).

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('is read as seconds or as an HTTP date, and nothing else', () => {
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 7 ', now)).toBe(7000);
    expect(retryAfterMs('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    for (const bad of ['', '-1', '1.5', 'soon', '2026-03-01T12:00:30Z']) expect(retryAfterMs(bad, now), bad).toBeUndefined();
  });

  it('is honoured on 429 and 503 only, at most a minute, without jitter', () => {
    expect(retryDelay(1, 429, '2', now, () => 0)).toBe(2000);
    expect(retryDelay(1, 503, '3600', now, () => 0)).toBe(60_000);
    expect(retryDelay(1, 500, '2', now, () => 1)).toBe(300);
    // A value that does not parse falls back to the backoff.
    expect(retryDelay(2, 429, 'later', now, () => 1)).toBe(600);
  });
});

describe('backoff', () => {
  it('doubles from 0.3 s up to 10 s, each a random time below that', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, undefined, undefined, 0, () => 1))).toEqual([300, 600, 1200, 2400, 10_000]);
    expect(retryDelay(3, undefined, undefined, 0, () => 0.5)).toBe(600);
    expect(retryDelay(3, undefined, undefined, 0, () => 0)).toBe(0);
  });
});
