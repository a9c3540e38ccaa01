import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `-o nodir/` wrote a file named nodir, and `-o file.csv/` replaced file.csv, both saying
// "exported", where a shell's `>` refuses both.

const tmp = tempDir('dgw-export-slash-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

describe('an export to a name ending in /', () => {
  it('is exit 2, and neither makes a file nor replaces one', async () => {
    expect((await dgw('query', 'create', 'Two', '--sql', 'SELECT 1 AS a')).code).toBe(0);
    fs.writeFileSync(path.join(tmp.dir, 'kept.csv'), 'kept\n');
    for (const name of ['nodir/', 'kept.csv/']) {
      const r = await dgw('query', 'export', 'two', '-o', name);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`-o: ${name} ends in /, as a folder does; name a file`);
    }
    expect(fs.existsSync(path.join(tmp.dir, 'nodir'))).toBe(false);
    expect(fs.readFileSync(path.join(tmp.dir, 'kept.csv'), 'utf8')).toBe('kept\n');
  });
});
