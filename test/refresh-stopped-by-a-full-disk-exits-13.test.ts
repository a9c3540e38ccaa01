import { describe, expect, it } from 'vitest';
import { runFailure } from '../src/commands/cache/wait.js';
import { refreshFailure } from '../src/commands/mtquery/wait.js';
import { exitCodeFor } from '../src/errors.js';
import { failureOf } from '../src/gateway/project/refresh-job.js';
import type { ProjectStore, RunningRefresh } from '../src/gateway/project/store.js';
import type { CacheRunRecord } from '../src/api/caches.js';
import type { RefreshStatusRecord } from '../src/api/types.js';

// A cache or materialized query refresh that ran out of disk was exit 10, "refresh ... failed: IO
// Error ... No space left on device"; a full disk is exit 13 (dgw help exit-codes). The gateway
// keeps the failure in its own words, which the CLI knows; DuckDB's words alone could be SQL's.

const store = { id: 'demo', file: '/data/projects/demo.duckdb', limits: {} } as unknown as ProjectStore;
const job = { stop: new AbortController() } as unknown as RunningRefresh;
const full = new Error('IO Error: Could not write file "/data/projects/demo.duckdb": No space left on device');

describe('a refresh stopped by a full disk', () => {
  it('is kept by the local gateway as "the disk is full", naming the database and its folder', () => {
    const { status, message } = failureOf(store, job, full, 'cancelled');
    expect(status).toBe('FAILED');
    expect(message).toMatch(/^the disk is full: .*\/data\/projects\/demo\.duckdb.*No space left on device.*free some space on the disk holding \/data\/projects/);
  });

  it('exits 13 for a cache and a materialized query on the local gateway; any other failure, or a hosted one, stays exit 10', () => {
    const { message } = failureOf(store, job, full, 'cancelled');
    const run = { status: 'FAILED', error: message } as CacheRunRecord;
    const refresh = { status: 'FAILED', message, queryName: 'q' } as RefreshStatusRecord;
    expect(exitCodeFor(runFailure('orders', run, true))).toBe(13);
    expect(exitCodeFor(refreshFailure(refresh, true))).toBe(13);
    expect(runFailure('orders', run, true)?.message).toBe(`refresh of cache orders failed: ${message}`);
    expect(exitCodeFor(runFailure('orders', run, false))).toBe(10);
    expect(exitCodeFor(runFailure('orders', { ...run, error: 'Invalid Input Error: the disk is full: forged' }, true))).toBe(10);
    expect(exitCodeFor(refreshFailure({ ...refresh, message: 'Binder Error: no column x' }, true))).toBe(10);
  });
});
