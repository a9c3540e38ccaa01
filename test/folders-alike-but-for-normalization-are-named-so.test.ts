import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// Two folders whose names differ only in Unicode normalization (/ü composed, /ü as u and a combining
// diaeresis) were skipped by pull as differing "only in letter case", naming two paths that print
// alike. The reason is now the one that holds, and such paths are shown with their code points.

const tmp = tempDir('dgw-alike-folders-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const composed = '/\u00fc';
const decomposed = '/u\u0308';

async function dgw(...args: string[]) {
  const r = await runInProcess(args, { env, cwd: tmp.dir });
  expect(r.code, r.stderr).toBe(0);
  return r;
}

describe('folders that fold to one directory', () => {
  beforeAll(async () => {
    for (const folder of [composed, decomposed, '/Reports', '/reports']) await dgw('folder', 'create', folder);
  });

  it('pull says which differ in Unicode normalization, showing their code points, and which in letter case', async () => {
    const r = await dgw('pull', '--dir', path.join(tmp.dir, 'pulled'));
    // Sorted, u (U+0075) comes before ü (U+00FC): the decomposed folder keeps its directory.
    expect(r.stderr).toContain(
      `skipped folder ${composed}: its path ${composed} ("/\\u00fc") differs from ${decomposed} ("/u\\u0308") only in Unicode normalization (the same letters composed or decomposed), and macOS would keep both in one directory`,
    );
    expect(r.stderr).toContain('skipped folder /reports: its path /reports differs from /Reports only in letter case, and macOS and Windows would keep both in one directory');
    expect(r.stderr).not.toMatch(/\u00fc.*only in letter case/);
  });

  it('plan of two such directories names the difference too', async () => {
    const dir = path.join(tmp.dir, 'two-dirs');
    fs.mkdirSync(path.join(dir, decomposed), { recursive: true });
    fs.mkdirSync(path.join(dir, composed));
    const r = await runInProcess(['plan', '--dir', dir], { env, cwd: tmp.dir });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is a directory whose name \S+ \("\\u00fc"\) differs from \S+ \("u\\u0308"\)\/ only in Unicode normalization/);
  });
});
