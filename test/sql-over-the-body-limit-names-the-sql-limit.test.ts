import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// SQL so long that its request passes the 1 MiB body limit is told the SQL limit too, not only of a "request body" the user never wrote.
const tmp = tempDir('dgw-huge-sql-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

it('query create with 1.1 MiB of SQL names the 256 KiB SQL limit and the way to bring rows in', async () => {
  const file = path.join(tmp.dir, 'huge.sql');
  fs.writeFileSync(file, `SELECT 1 AS a -- ${'x'.repeat(1_100_000)}\n`);
  const r = await run('query', 'create', 'Huge', '--file', file);
  expect(r.code).toBe(6);
  expect(r.stderr).toContain("larger than the local gateway's limit of 1048576 bytes; SQL text may be at most 256 KiB, and rows go in as a file with `dgw --zone local table import`");
});
