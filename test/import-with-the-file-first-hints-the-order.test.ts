import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `table import people.csv people` (the file first) said only that "people" does not exist; the
// hint now names the order, and the line it gives then works.
const tmp = tempDir('dgw-import-order-');
afterAll(() => tmp.remove());
const file = path.join(tmp.dir, 'people.csv');
fs.writeFileSync(file, 'id,name\n1,Ann\n');

describe('table import given the file before the table', () => {
  it('says the table comes first, and the command it gives imports', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const swapped = await run('table', 'import', file, 'people', '--create');
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toMatch(/^error: people does not exist \(ENOENT\)$/m);
    expect(swapped.stderr).toContain(`hint: the table comes first, then the file: \`dgw --zone local table import people ${file}\`, with the same options`);
    expect((await run('table', 'import', 'people', file, '--create')).code).toBe(0);
  });

  it('gives no such hint when the table argument is no file either', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('table', 'import', 'people', path.join(tmp.dir, 'missing.csv'));
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/^hint: the table comes first/m);
  });
});
