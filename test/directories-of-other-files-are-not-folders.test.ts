import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A directory in the queries directory that holds only files of the user's own (`docs/` with a
// README) is no folder's: plan planned to create folder /docs, pull (even with --force) could not
// remove it and said it had pulled, so `pull` then `plan` never agreed.

const tmp = tempDir('dgw-other-files-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const work = path.join(tmp.dir, 'work');
const run = (...argv: string[]) => runInProcess(argv, { env, cwd: work });

describe('a directory of files that are not queries', () => {
  it('is left alone by plan and pull: pull then plan shows no change, and the files stay', async () => {
    fs.mkdirSync(work);
    expect((await run('query', 'create', 'kept', '--sql', 'SELECT 1 AS one', '-q')).code).toBe(0);
    expect((await run('pull')).code).toBe(0);
    fs.mkdirSync(path.join(work, 'queries', 'docs', 'images'), { recursive: true });
    fs.writeFileSync(path.join(work, 'queries', 'docs', 'README.md'), '# how these queries are laid out\n');
    fs.writeFileSync(path.join(work, 'queries', 'docs', 'images', 'flow.png'), 'png');

    const plan = await run('plan', '--prune', '--exit-code');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes');
    const pull = await run('pull');
    expect(pull.code, pull.stderr).toBe(0);
    expect(fs.readFileSync(path.join(work, 'queries', 'docs', 'README.md'), 'utf8')).toContain('laid out');
    expect((await run('plan', '--prune', '--exit-code')).code).toBe(0);
  });

  it('becomes a folder when it holds a query file, and an empty directory is still a folder to create', async () => {
    fs.writeFileSync(path.join(work, 'queries', 'docs', 'images', 'counted.sql'), 'SELECT 2 AS two\n');
    fs.mkdirSync(path.join(work, 'queries', 'staging'));
    const plan = await run('plan', '--json');
    expect(plan.code, plan.stderr).toBe(0);
    const changes = (JSON.parse(plan.stdout) as { changes: Array<{ action: string; folder?: string; name?: string }> }).changes;
    expect(changes.filter((c) => c.action === 'createFolder').map((c) => c.folder)).toEqual(['/docs', '/docs/images', '/staging']);
    expect(changes.filter((c) => c.action === 'create').map((c) => c.name)).toEqual(['counted']);
  });
});
