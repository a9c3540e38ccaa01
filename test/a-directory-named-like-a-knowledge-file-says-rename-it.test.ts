import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// queries/golden-sqls.yaml/ as a directory (with a query file in it): plan and pull said only
// "queries/golden-sqls.yaml: is not a regular file" (exit 2), not that the name is taken nor what to do.

const tmp = tempDir('dgw-knowledge-dir-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };

describe('a top-level directory named like a knowledge file', () => {
  it('is refused by plan and pull (exit 2) with what it is and what to do', async () => {
    fs.mkdirSync(path.join(tmp.dir, 'queries', 'golden-sqls.yaml'), { recursive: true });
    fs.writeFileSync(path.join(tmp.dir, 'queries', 'golden-sqls.yaml', 'x.sql'), 'SELECT 1 AS one\n');
    for (const argv of [['plan'], ['pull']]) {
      const r = await runInProcess(argv, { env, cwd: tmp.dir });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('queries/golden-sqls.yaml: is a directory, but at the top this name is the knowledge file\'s');
      expect(r.stderr).toContain('rename the directory');
    }
  });
});
