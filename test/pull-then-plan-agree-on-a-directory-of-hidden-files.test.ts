import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// The folder /old was deleted in the project while its directory held a Finder's .DS_Store:
// `dgw pull --force` removed old/x.sql but kept old/ (the hidden file counted as one of the
// user's own), and plan, reading a directory of hidden files only as an empty folder, planned
// `+ create folder /old` (exit 11): apply would have brought the deleted folder back.

const tmp = tempDir('dgw-hidden-only-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PROJECT: 'demo' };
const work = path.join(tmp.dir, 'work');
const run = (...argv: string[]) => runInProcess(argv, { env, cwd: work });

describe('a directory of a deleted folder that holds hidden files', () => {
  it('is named by pull, removed by pull --force, and then plan shows no change', async () => {
    fs.mkdirSync(work);
    for (const argv of [['folder', 'create', '/old'], ['query', 'create', 'x', '--sql', 'SELECT 1 AS one', '--path', '/old'], ['pull']]) {
      expect((await run(...argv)).code, argv.join(' ')).toBe(0);
    }
    fs.writeFileSync(path.join(work, 'queries', 'old', '.DS_Store'), 'finder');
    expect((await run('folder', 'rm', '/old', '--force', '--yes')).code).toBe(0);

    const asked = await run('pull');
    expect(asked.code).toBe(14);
    expect(asked.stderr).toContain('queries/old/ (no such folder in the project)');
    const forced = await run('pull', '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(fs.existsSync(path.join(work, 'queries', 'old'))).toBe(false);
    const plan = await run('plan', '--prune', '--exit-code');
    expect(plan.code, plan.stdout).toBe(0);
  });
});
