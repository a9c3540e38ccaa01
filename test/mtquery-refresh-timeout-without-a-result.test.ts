import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// In-process, giving up on a refresh (--timeout) of a materialized query whose last refresh did not complete does not promise a previous result.
const work = tempDir('dgw-mtquery-no-result-');
afterAll(() => work.remove());

describe('mtquery refresh --wait --timeout in-process, with no completed result', () => {
  it('does not say the previous result is kept', async () => {
    const { dgw, run } = localCli(work.dir, 'spec');
    await dgw('mtquery', 'create', 'later', '--sql', 'SELECT count(*) AS n FROM slow.main.slow', '--no-check-schema');
    const db = await DuckDBInstance.create(path.join(work.dir, 'slow.duckdb'));
    const conn = await db.connect();
    await conn.run('CREATE VIEW slow AS SELECT i FROM range(10000000000) t(i) WHERE hash(i) % 7 = 3');
    conn.closeSync();
    db.closeSync();
    await dgw('connection', 'create', 'slow', '--type', 'duckdb', '--field', `path=${path.join(work.dir, 'slow.duckdb')}`);
    const r = await run('mtquery', 'refresh', 'later', '--wait', '--timeout', '1s');
    expect(r.code).toBe(9);
    expect(r.stderr).toContain('it was cancelled, as it cannot go on without dgw here; any earlier result is kept');
  });
});
