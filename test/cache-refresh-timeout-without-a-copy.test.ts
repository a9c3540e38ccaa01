import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// In-process, giving up on a refresh (--timeout) of a cache that has no copy yet does not promise a previous copy.
const work = tempDir('dgw-cache-no-copy-');
afterAll(() => work.remove());
const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_LOCAL_DIR: path.join(work.dir, 'data'), DGW_CONFIG_DIR: path.join(work.dir, 'config') } });

describe('cache refresh --wait --timeout in-process, before the first copy', () => {
  it('says there is still no copy, not that the previous one is kept', async () => {
    const db = await DuckDBInstance.create(path.join(work.dir, 'slow.duckdb'));
    const conn = await db.connect();
    await conn.run('CREATE VIEW slow AS SELECT i FROM range(10000000000) t(i) WHERE hash(i) % 7 = 3');
    conn.closeSync();
    db.closeSync();
    expect((await dgw('connection', 'create', 'Slow', '--type', 'duckdb', '--field', `path=${path.join(work.dir, 'slow.duckdb')}`)).code).toBe(0);
    expect((await dgw('cache', 'create', 'slow.main.slow', '--timeout', '1s')).code).toBe(9);
    const r = await dgw('cache', 'refresh', 'slow.main.slow', '--wait', '--timeout', '1s');
    expect(r.code).toBe(9);
    expect(r.stderr).toContain('gave up on the refresh of cache slow.main.slow (--timeout): it was cancelled; there is still no copy');
  });
});
