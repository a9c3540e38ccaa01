import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A header line written with a space after each comma (`id, name, amount`, as people and some tools
// write CSV) made --create name the columns " name" and " amount", which SQL can only reach quoted
// with the space, where DuckDB's own reader (and so a CSV connection of the same file) names them
// name and amount; into an existing table, the header " name" matched no column (exit 14).
const dir = tempDir('dgw-spaced-');
afterAll(() => dir.remove());
const { run, dgw, json } = localCli(dir.dir, 'spec');
const file = path.join(dir.dir, 'spaced.csv');
fs.writeFileSync(file, 'id, name, amount \n1, x, 5\n');

describe('table import of a header line with spaces around its names', () => {
  it('--create names the columns without the spaces; the values keep theirs', async () => {
    await dgw('table', 'import', 'spaced', file, '--create');
    expect((await json('table', 'list', 'spaced')).map((c: { name: string }) => c.name)).toEqual(['id', 'name', 'amount']);
    expect(await dgw('sql', 'SELECT name, amount FROM svc.table.spaced', '--format', 'csv')).toBe('name,amount\n x, 5\n');
  });

  it('into an existing table, and with --map, the names match without the spaces', async () => {
    await dgw('table', 'import', 'spaced', file);
    await dgw('table', 'import', 'spaced', file, '--map', 'id=id', '--map', 'amount=amount');
    expect(await dgw('sql', 'SELECT count(*) AS n, count(name) AS named FROM svc.table.spaced')).toBe('3\t2\n');
    // A and " a" are one name now: which column goes where cannot be told.
    fs.writeFileSync(path.join(dir.dir, 'twice.csv'), 'a, A\n1,2\n');
    const twice = await run('table', 'import', 'other', path.join(dir.dir, 'twice.csv'), '--create');
    expect([twice.code, twice.stderr]).toEqual([2, 'error: --create: the header line names "A" twice\n']);
  });
});
