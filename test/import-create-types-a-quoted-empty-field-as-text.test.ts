import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `""` is the empty string, not NULL (the one CSV rule): `--create` took it for an empty field,
// typed the column BIGINT from the other values, and the import was refused at that very line.

const tmp = tempDir('dgw-import-create-quoted-empty-');
afterAll(() => tmp.remove());

describe('table import --create of a column holding "" among numbers', () => {
  const { dgw } = localCli(tmp.dir, 'spec');

  it('types it VARCHAR and imports every row, the empty string and NULL apart', async () => {
    const file = join(tmp.dir, 'codes.csv');
    writeFileSync(file, 'code,n\n1,1\n"",\n3,3\n');
    await dgw('table', 'import', 'codes', file, '--create');
    expect(await dgw('table', 'list', 'codes')).toMatch(/^code\tvarchar\t.*\nn\tbigint\t/);
    expect(await dgw('sql', 'SELECT code, n FROM svc.table.codes ORDER BY code', '--format', 'csv')).toBe('code,n\n"",\n1,1\n3,3\n');
  });
});
