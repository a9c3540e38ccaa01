import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/gateway/limits.js';
import { resolveLimits } from '../../src/gateway/limit-settings.js';
import { tempDir } from '../support/dgw.js';
import { runAsBinaryWould } from '../support/in-process.js';
import { openGateway } from './helpers.js';

// `dgw serve --threads N` or DGW_LOCAL_THREADS caps the threads each project's DuckDB runs (a
// machine shared with other work); unset, DuckDB takes one per core as it always has.

async function threadsOf(threads: number | undefined): Promise<string> {
  const g = await openGateway({ limits: { ...defaultLimits(), threads } });
  try {
    const project = await g.gateway.project('demo', { create: false });
    return String(await project.withConnection(async (c) => (await c.runAndReadAll("SELECT value FROM duckdb_settings() WHERE name = 'threads'")).getRows()[0][0]));
  } finally {
    await g.close();
  }
}

describe('DuckDB threads per project', () => {
  it('are what the limit says, and DuckDB’s own number (one per core) when it says nothing', async () => {
    expect(await threadsOf(1)).toBe('1');
    expect(await threadsOf(3)).toBe('3');
    expect(Number(await threadsOf(undefined))).toBeGreaterThanOrEqual(1);
  });

  it('come from --threads before DGW_LOCAL_THREADS, and from neither when both are unset or empty', () => {
    expect(resolveLimits({ DGW_LOCAL_THREADS: '2' }, { threads: '4' }).threads).toBe(4);
    expect(resolveLimits({ DGW_LOCAL_THREADS: '2' }).threads).toBe(2);
    expect(resolveLimits({ DGW_LOCAL_THREADS: '' }).threads).toBeUndefined();
    expect(resolveLimits({}).threads).toBeUndefined();
  });

  const tmp = tempDir('dgw-threads-');
  afterAll(() => tmp.remove());
  const env = (threads: string) => ({ DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), DGW_ZONE: 'local', DGW_LOCAL_THREADS: threads });

  it('a count that is not a whole number from 1 to 1024 is exit 2 naming where it came from, before anything opens', async () => {
    for (const bad of ['0', 'two', '1.5', '-1', '1025']) {
      const r = await runAsBinaryWould(['sql', 'SELECT 1'], { env: env(bad) });
      expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`DGW_LOCAL_THREADS: "${bad}" is not a number of threads from 1 to 1024`)]);
    }
    const served = await runAsBinaryWould(['serve', '--port', '0', '--threads', '0'], { env: env('2') });
    expect([served.code, served.stderr]).toEqual([2, expect.stringContaining('--threads: "0" is not a number of threads')]);
  });

  it('DGW_LOCAL_THREADS=1 runs an in-process command as before', async () => {
    const r = await runAsBinaryWould(['sql', 'SELECT count(*) AS n FROM range(300000)', '--json'], { env: env('1') });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ n: '300000' }]);
  });
});
