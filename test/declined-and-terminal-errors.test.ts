import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readsOnly } from '../src/api/sql-result.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// No silent surprises in how an outcome is told: an error a person reads on a terminal is words,
// even with --json (JSON for a program, off a terminal), and a SELECT that failed sent no change.

const tmp = tempDir('dgw-told-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };

describe('how an outcome is told', () => {
  it('a --json field error: JSON in a pipe, words on a terminal', async () => {
    const piped = await runInProcess(['sql', 'SELECT 1 AS a', '--json', 'nosuch'], { env });
    expect(piped.code).toBe(14);
    expect(JSON.parse(piped.stderr).error.message).toMatch(/nosuch/);
    const shown = await runInProcess(['sql', 'SELECT 1 AS a', '--json', 'nosuch'], { env, terminalColumns: 100 });
    expect(shown.code).toBe(14);
    expect(shown.stderr).toMatch(/^error: .*nosuch/);
  });

  it('a SELECT whose output failed says only reads were sent; an INSERT says a change was', async () => {
    const select = await runInProcess(['sql', 'SELECT 1 AS a', '--json', 'nosuch'], { env, terminalColumns: 100 });
    expect(select.stderr).toMatch(/only reads were sent .*: nothing was changed/);
    await runInProcess(['sql', 'CREATE TABLE svc.table.told (a INTEGER)'], { env });
    const insert = await runInProcess(['sql', 'INSERT INTO svc.table.told VALUES (1)', '--json', 'nosuch'], { env, terminalColumns: 100 });
    expect(insert.stderr).toMatch(/a change was sent/);
  });

  it('which statements only read, by their first word', () => {
    for (const sql of ['SELECT 1', '  -- note\n(SELECT 1)', '/* c */ FROM t', 'VALUES (1)', 'EXPLAIN SELECT 1', 'describe t']) expect(readsOnly(sql), sql).toBe(true);
    for (const sql of ['INSERT INTO t VALUES (1)', 'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x', 'EXPLAIN ANALYZE DELETE FROM t', 'EXPLAIN (FORMAT JSON, ANALYZE) SELECT 1', 'CREATE TABLE t (a INT)', '']) {
      expect(readsOnly(sql), sql).toBe(false);
    }
  });
});
