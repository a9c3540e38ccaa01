import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// With DGW_LOCAL_MIN_INTERVAL the minimum is not a minute: the hint must not say it is.
const tmp = tempDir('dgw-every-hint-');
afterAll(() => tmp.remove());

it('--every below a lowered minimum names that minimum and gives no "once a minute" hint', async () => {
  const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), DGW_LOCAL_MIN_INTERVAL: '10s' };
  const r = await runAsBinaryWould(['--zone', 'local', 'mtquery', 'create', 'Fast', '--sql', 'SELECT 1 AS n', '--every', '5s'], { env });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('PT5S is shorter than the minimum interval between refreshes, PT10S');
  expect(r.stderr).not.toContain('once a minute');
});
