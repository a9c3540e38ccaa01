import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { walkShapes } from './support/walk-shapes.js';

// A forced folder delete (`folder rm --force`, a folder `apply --prune` deletes) takes whatever the
// folder holds when it arrives. While the question waits, the data folder is let go of and other
// commands write: a query added then was deleted too, unnamed by the question. Now the folder is
// read again after "yes", and deleted only if it still holds what the question named (else exit 5).

const tmp = tempDir('dgw-forced-folder-delete-');
afterAll(() => tmp.remove());

describe.each(walkShapes)('a forced folder delete after a question (%s shape)', (shape) => {
  // The folder rm tests share a project; apply --prune, which plans for all of it, has its own.
  const cli = (name: string) => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, `${name}-config-${shape}`), DGW_LOCAL_DIR: path.join(tmp.dir, `${name}-data-${shape}`), DGW_LOCAL_API_SHAPE: shape, DGW_ZONE: 'local' };
    const work = path.join(tmp.dir, `${name}-work-${shape}`);
    fs.mkdirSync(work, { recursive: true });
    const run = (...args: string[]) => runAsBinaryWould(args, { env, cwd: work });
    return {
      work,
      ok: async (...args: string[]) => {
        const r = await run(...args);
        expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
      },
      /** Runs `args` on a terminal; `meanwhile` runs when the question is asked, then the answer is "y". */
      answeringYes: (args: string[], meanwhile: () => Promise<void> = async () => {}) =>
        runAsBinaryWould(args, { env, cwd: work, interactive: true, answer: async () => (await meanwhile(), 'y\n') }),
      exists: async (name: string) => (await run('query', 'get', name)).code === 0,
      folderExists: async (folder: string) => (await run('folder', 'view', folder)).code === 0,
    };
  };
  const { ok, answeringYes, exists, folderExists } = cli('rm');

  it('folder rm --force: a query added while the question waits is not deleted, nor is anything else (exit 5, naming it)', async () => {
    await ok('query', 'create', 'shown', '--sql', 'SELECT 1 AS v', '--path', '/x', '--parents', '-q');
    const r = await answeringYes(['folder', 'rm', '/x', '--force'], () => ok('query', 'create', 'added meanwhile', '--sql', 'SELECT 2 AS v', '--path', '/x', '-q'));
    expect(r.stderr).toMatch(/Delete folder \/x with its 1 query\? \[y\/N\]/);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('error: folder /x no longer holds what the question named (query addedmeanwhile appeared), so it was not deleted');
    expect(r.stderr).toContain('hint: `dgw folder rm /x --force` asks again, naming what it holds now');
    expect(await exists('shown')).toBe(true);
    expect(await exists('addedmeanwhile')).toBe(true);
  });

  it('folder rm --force: a subfolder made and a query deleted meanwhile are both named', async () => {
    await ok('query', 'create', 'keep1', '--sql', 'SELECT 1 AS v', '--path', '/y', '--parents', '-q');
    await ok('query', 'create', 'keep2', '--sql', 'SELECT 1 AS v', '--path', '/y', '-q');
    const r = await answeringYes(['folder', 'rm', '/y', '--force'], async () => {
      await ok('folder', 'create', '/y/new', '-q');
      await ok('query', 'rm', 'keep2', '--yes', '-q');
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('error: folder /y no longer holds what the question named (subfolder /y/new appeared; query keep2 went), so it was not deleted');
    expect(await exists('keep1')).toBe(true);
    expect(await folderExists('/y/new')).toBe(true);
  });

  it('folder rm --force: a folder unchanged while the question waits is deleted with what it holds', async () => {
    await ok('query', 'create', 'doomed', '--sql', 'SELECT 1 AS v', '--path', '/z/sub', '--parents', '-q');
    const r = await answeringYes(['folder', 'rm', '/z', '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('deleted folder /z with its 1 subfolder and 1 query');
    expect(await exists('doomed')).toBe(false);
    expect(await folderExists('/z')).toBe(false);
  });

  it('apply --prune: a query added to a pruned folder while the question waits is not deleted (exit 5, naming it)', async () => {
    const { work, ok, answeringYes, exists, folderExists } = cli('apply');
    const dir = path.join(work, 'qd');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'keepme.sql'), 'SELECT 1 AS v\n');
    await ok('query', 'create', 'olda', '--sql', 'SELECT 1 AS v', '--path', '/old', '--parents', '-q');
    const r = await answeringYes(['apply', '--dir', 'qd', '--prune'], () => ok('query', 'create', 'old b', '--sql', 'SELECT 2 AS v', '--path', '/old', '-q'));
    expect(r.stderr).toMatch(/Apply this plan \(it deletes 1 query and deletes 1 folder\)\? \[y\/N\]/);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('error: delete folder /old with query olda failed: folder /old no longer holds what the question named (query oldb appeared), so it was not deleted');
    expect(await exists('olda')).toBe(true);
    expect(await exists('oldb')).toBe(true);

    // Asked again, the plan names oldb too; unchanged meanwhile, the folder goes with both.
    const again = await answeringYes(['apply', '--dir', 'qd', '--prune']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('delete folder /old with queries olda, oldb');
    expect(await folderExists('/old')).toBe(false);
    expect(await exists('keepme')).toBe(true);
  });

  it('apply --prune: a loose query edited while the question waits is not deleted (exit 5, naming the change); unchanged, it goes', async () => {
    const { work, ok, answeringYes, exists } = cli('loose');
    const dir = path.join(work, 'qd');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'keepme.sql'), 'SELECT 1 AS v\n');
    await ok('query', 'create', 'scratch', '--sql', 'SELECT 1 AS v', '-q');
    const r = await answeringYes(['apply', '--dir', 'qd', '--prune'], () => ok('query', 'update', 'scratch', '--sql', 'SELECT 42 AS answer', '-q'));
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('query scratch changed while the question waited (sql), so it was not deleted');
    expect(await exists('scratch')).toBe(true);
    const again = await answeringYes(['apply', '--dir', 'qd', '--prune']);
    expect(again.code, again.stderr).toBe(0);
    expect(await exists('scratch')).toBe(false);
  });
});
