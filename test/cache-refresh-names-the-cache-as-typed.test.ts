import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// The gateway's refusal names the cache by its id; dgw names it as the user typed it.
const tmp = tempDir('dgw-cache-refresh-as-typed-');
afterAll(() => tmp.remove());

describe('cache refresh --incremental of a cache without an incremental column', () => {
  it('names the cache as typed, in the message and in the command it suggests', async () => {
    const { dgw, run } = localCli(tmp.dir, 'spec');
    const file = join(tmp.dir, 'people.csv');
    writeFileSync(file, 'id,name\n1,a\n');
    await dgw('connection', 'create', 'files', '--type', 'csv', '--field', `path=${file}`);
    await dgw('cache', 'create', 'files.main.people');
    for (const ref of ['people', 'files.main.people']) {
      const r = await run('cache', 'refresh', ref, '--incremental');
      expect(r.code).toBe(6);
      expect(r.stderr).toContain(`cache ${ref} has no incremental column: name one with \`dgw --zone local cache update ${ref} --incremental-column COLUMN\``);
    }
  });
});
