import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A project folder /relations.yaml had the directory queries/relations.yaml/, where the knowledge
// file goes: pull wrote the queries, then failed (exit 13) on the file, and every plan after it was exit 2.

const tmp = tempDir('dgw-pull-knowledge-name-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = async (...argv: string[]) => {
  const r = await runInProcess(argv, { env, cwd: tmp.dir });
  expect(r.code, `dgw ${argv.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
};

describe('a top-level folder named like a knowledge file', () => {
  it('is skipped by pull with a warning, and left alone by plan --prune', async () => {
    await dgw('folder', 'create', '/relations.yaml');
    await dgw('query', 'create', 'in_relations', '--sql', 'SELECT 1 AS one', '--path', '/relations.yaml', '-q');
    const pulled = await dgw('pull');
    expect(pulled.stderr).toMatch(/warning: skipped folder \/relations\.yaml: its folder name "relations\.yaml" is the name of a knowledge file/);
    expect(fs.existsSync(path.join(tmp.dir, 'queries', 'relations.yaml', 'in_relations.sql'))).toBe(false);
    const plan = await dgw('plan', '--prune', '--exit-code');
    expect(plan.stdout).toContain('No changes');
  });
});
