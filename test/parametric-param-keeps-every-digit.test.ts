import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// --param reads a value as JSON; a number past 2^53 must reach the service as typed, not as the double nearest it.
const dir = tempDir('dgw-param-digits-');
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };
afterAll(() => dir.remove());

it('parametric-table create --param id=9007199254740993 sends 9007199254740993, a number, with every digit', async () => {
  const args = ['parametric-table', 'create', 'visits', 'main.one', '--from', 'main.visits', '--param', 'id=9007199254740993', '--param', 'ids=[1,98765432109876543210]', '--param', 'ratio=1.5', '--dry-run', '--json'];
  const r = await runAsBinaryWould(args, { env });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain('"paramValues":[{"key":"id","value":9007199254740993},{"key":"ids","value":[1,98765432109876543210]},{"key":"ratio","value":1.5}]');
});
