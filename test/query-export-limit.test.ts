import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `query export --limit N` asks the export job for at most N rows (the document's ExportRequest.limit),
// which the service clamps to 1..1,000,000 without saying so: a count outside that is refused first.

const tmp = tempDir('dgw-export-limit-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('query export --limit', () => {
  it('exports at most that many rows; a count outside 1..1000000 is exit 2 before anything is sent', async () => {
    expect((await dgw('query', 'create', 'All orders', '--sql', 'SELECT * FROM svc.table.orders ORDER BY order_id')).code).toBe(0);
    const file = path.join(tmp.dir, 'five.csv');
    const r = await dgw('query', 'export', 'allorders', '--limit', '5', '-o', file);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(6);
    const dry = await dgw('query', 'export', 'allorders', '--limit', '5', '--dry-run', '--json');
    expect(JSON.parse(dry.stdout).body).toEqual({ format: 'CSV', limit: 5 });
    for (const bad of ['0', '1000001', '-3', '2.5', 'ten']) {
      const refused = await dgw('query', 'export', 'allorders', '--limit', bad, '-o', path.join(tmp.dir, 'x.csv'));
      expect(refused.code, bad).toBe(2);
      expect(refused.stderr).toContain(`--limit: "${bad}" is not a row count from 1 to 1000000`);
    }
    expect(fs.existsSync(path.join(tmp.dir, 'x.csv'))).toBe(false);
  });
});
