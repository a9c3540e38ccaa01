import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './gateway/helpers.js';
import { localCli } from './support/local-cli.js';

// --create types each column from the file's first 2000 rows; a later row that does not fit
// (a code A12 after 2001 numbers) refused the import, naming the line, with no word of what to do:
// --create has no way to choose a type. The hint now gives the table create to run first.
const tmp = tempDir('dgw-late-row-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

describe('table import --create refused by a row past the first 2000', () => {
  it('exit 6 with a hint that makes the table with that column as text; following it imports every row', async () => {
    const file = path.join(tmp.dir, 'codes.csv');
    fs.writeFileSync(file, `id,code\n${Array.from({ length: 2001 }, (_, i) => `${i + 1},${i + 1}\n`).join('')}2002,A12\n`);
    const r = await run('table', 'import', 'codes', file, '--create');
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('line 2003: "A12" in column "code" is not a BIGINT');
    expect(r.stderr).toContain("hint: --create typed code as BIGINT from the file's first rows; to choose the types, make the table first, then import without --create: dgw table create codes --column id:BIGINT --column code:VARCHAR\n");
    await dgw('table', 'create', 'codes', '--column', 'id:BIGINT', '--column', 'code:VARCHAR');
    await dgw('table', 'import', 'codes', file);
    expect(await dgw('sql', 'SELECT count(*) AS n, max(id) AS last FROM svc.table.codes')).toBe('2002\t2002\n');
  });
});
