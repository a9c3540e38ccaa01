import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `-o /etc/passwd/x.csv`, a path whose "folder" is a file, said "the folder of ... does not exist";
// the folder's name is there, as a file, so the message now names that file as what is in the way.

const tmp = tempDir('dgw-o-under-a-file-');
afterAll(() => tmp.remove());

describe('query export -o under a file', () => {
  const { run, dgw } = localCli(tmp.dir, 'spec');
  const plain = join(tmp.dir, 'plain.txt');

  beforeAll(async () => {
    writeFileSync(plain, 'not a folder\n');
    await dgw('query', 'create', 'one row', '--sql', 'SELECT 1 AS n');
  });

  for (const below of ['x.csv', 'deeper/x.csv']) {
    it(`-o FILE/${below} is exit 2 naming FILE as a file, not a folder`, async () => {
      const output = join(plain, below);
      const r = await run('query', 'export', 'onerow', '-o', output);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error: -o: ${plain} is a file, not a folder, so ${output} cannot be made under it\n`);
    });
  }

  it('a folder that is not there still says it does not exist', async () => {
    const output = join(tmp.dir, 'missing', 'x.csv');
    const r = await run('query', 'export', 'onerow', '-o', output);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`error: -o: the folder of ${output} does not exist\n`);
  });
});
