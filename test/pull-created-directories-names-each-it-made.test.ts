import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// pull --json's createdDirectories named only the directories of empty folders, not those it made
// to hold the files it wrote.

const tmp = tempDir('dgw-pull-mkdirs-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };

describe('pull --json createdDirectories', () => {
  it('names every directory pull made, those holding files too, and none that was there', async () => {
    for (const args of [['query', 'create', 'Monthly', '--sql', 'SELECT 1', '--path', '/reports/monthly', '--parents'], ['folder', 'create', '/empty']]) {
      const made = await runInProcess(args, { env, cwd: tmp.dir });
      expect(made.code, made.stderr).toBe(0);
    }
    const first = await runInProcess(['pull', '--json'], { env, cwd: tmp.dir });
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as { createdDirectories: string[] }).createdDirectories).toEqual(['empty', 'reports', 'reports/monthly']);
    expect(fs.existsSync(path.join(tmp.dir, 'queries', 'reports', 'monthly', 'monthly.sql'))).toBe(true);
    const again = await runInProcess(['pull', '--json'], { env, cwd: tmp.dir });
    expect((JSON.parse(again.stdout) as { createdDirectories: string[] }).createdDirectories).toEqual([]);
  });
});
