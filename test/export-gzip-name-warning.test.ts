import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// A file whose name says the other thing than its bytes (x.csv holding gzip, x.gz holding plain
// text) is written as asked, with a warning on stderr: the export is right, its name misleads.

describe('query export -o names a file that --gzip contradicts', () => {
  const tmp = tempDir('dgw-gzname-');
  afterAll(() => tmp.remove());
  const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), DGW_ZONE: 'local' };
  const dgw = (...args: string[]) => runAsBinaryWould(args, { env });

  it('warns, and writes what was asked', async () => {
    expect((await dgw('query', 'create', 'Three', '--sql', 'SELECT i AS n FROM range(3) t(i)')).code).toBe(0);
    const zipped = await dgw('query', 'export', 'three', '--gzip', '-o', join(tmp.dir, 'three.csv'));
    expect(zipped.code, zipped.stderr).toBe(0);
    expect(zipped.stderr).toMatch(/--gzip writes gzip-compressed bytes to .*three\.csv/);
    expect(gunzipSync(readFileSync(join(tmp.dir, 'three.csv'))).toString()).toBe('n\n0\n1\n2\n');

    const plain = await dgw('query', 'export', 'three', '-o', join(tmp.dir, 'three.csv.gz'));
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/three\.csv\.gz ends in \.gz but holds uncompressed text/);
    expect(readFileSync(join(tmp.dir, 'three.csv.gz'), 'utf8')).toBe('n\n0\n1\n2\n');
  });

  it('says nothing when the name fits, or with --json (warnings as JSON lines after)', async () => {
    const fits = await dgw('query', 'export', 'three', '--gzip', '-o', join(tmp.dir, 'ok.csv.gz'));
    expect(fits.code, fits.stderr).toBe(0);
    expect(fits.stderr).not.toMatch(/warning/);
    const json = await dgw('query', 'export', 'three', '--gzip', '-o', join(tmp.dir, 'j.csv'), '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr.trim().split('\n').map((l) => JSON.parse(l) as { warning?: string })).toEqual([{ warning: expect.stringMatching(/--gzip writes/) }]);
  });
});
