import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A query file of more SQL than the local gateway takes (256 KiB), or a golden SQL over its 100,000
// characters, passed plan; apply then failed on it with the requests before it carried out.

const tmp = tempDir('dgw-plan-large-sql-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };

describe('SQL over the local gateway limit in a query file', () => {
  it('is refused by plan and by apply before any change, naming the file; at the limit it is applied', async () => {
    const dir = path.join(tmp.dir, 'queries');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'aaa.sql'), 'SELECT 1\n');
    const sql = (bytes: number) => `SELECT 1 AS x -- ${'a'.repeat(bytes - 17)}\n`;
    fs.writeFileSync(path.join(dir, 'big.sql'), sql(256 * 1024 + 1));
    for (const args of [['plan'], ['apply', '--yes']]) {
      const refused = await runInProcess(args, { env, cwd: tmp.dir });
      expect(refused.code).toBe(14);
      expect(refused.stderr).toContain("error: queries/big.sql: over the local gateway's limits (256 KiB of SQL;");
    }
    expect((await runInProcess(['query', 'list', '--json', 'name'], { env, cwd: tmp.dir })).stdout).not.toContain('aaa');
    fs.writeFileSync(path.join(dir, 'big.sql'), sql(256 * 1024));
    const applied = await runInProcess(['apply', '--yes'], { env, cwd: tmp.dir });
    expect(applied.code, applied.stderr).toBe(0);
  });

  it('a golden SQL over the local gateway limit is refused before any change, naming its question', async () => {
    const dir = path.join(tmp.dir, 'golden');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'golden-sqls.yaml'), `- question: A first?\n  sql: SELECT 1\n- question: Long?\n  sql: SELECT 1 AS ${'a'.repeat(100_000)}\n`);
    const refused = await runInProcess(['apply', '--dir', 'golden', '--yes'], { env, cwd: tmp.dir });
    expect(refused.code).toBe(14);
    expect(refused.stderr).toContain('error: golden/golden-sqls.yaml ("Long?"): over the local gateway\'s limits');
    expect((await runInProcess(['golden-sql', 'list', '--json', 'prompt'], { env, cwd: tmp.dir })).stdout).not.toContain('A first?');
  });
});
