import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// queries/reports as a link whose target is gone was skipped as if it were no folder's directory:
// plan --prune then planned deleting the folder /reports and its queries.
const tmp = tempDir('dgw-dangling-link-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };

it('a link to nothing where a folder\'s directory goes is refused by plan --prune, apply and pull (exit 2), and the folder stays', async () => {
  for (const argv of [['folder', 'create', '/reports'], ['query', 'create', 'r1', '--sql', 'SELECT 1 AS one', '--path', '/reports']]) {
    expect((await runInProcess(argv, { env })).code).toBe(0);
  }
  fs.mkdirSync(path.join(tmp.dir, 'queries'));
  fs.symlinkSync(path.join(tmp.dir, 'gone', 'reports'), path.join(tmp.dir, 'queries', 'reports'));
  for (const argv of [['plan', '--prune'], ['apply', '--prune', '--yes'], ['pull']]) {
    const r = await runInProcess(argv, { env, cwd: tmp.dir });
    expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(2);
    expect(r.stderr).toContain('queries/reports: is a symbolic link to nothing');
  }
  expect(JSON.parse((await runInProcess(['query', 'list', '--json', 'name,path'], { env })).stdout)).toEqual([{ name: 'r1', path: '/reports' }]);
});
