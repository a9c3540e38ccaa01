import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A statement whose first line is a -- comment looks like an option to the command line: the error says where it goes.
const tmp = tempDir('dgw-sql-dash-');
afterAll(() => tmp.remove());

describe('dgw sql "-- comment\\nSELECT ..."', () => {
  it('is exit 2 with a hint to put it after a lone --, which runs it', async () => {
    const { run, dgw } = localCli(tmp.dir, 'spec');
    const statement = '-- revenue\nSELECT 1 AS a';
    const r = await run('sql', statement);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/hint: an argument that starts with - \(a SQL -- comment\) goes after a lone --, with the arguments in order: `dgw .*sql -- STATEMENT`/);
    expect(await dgw('sql', '--', statement)).toBe('1\n');
    // A mistyped option keeps the usual hint.
    expect((await run('sql', '--bogus')).stderr).toMatch(/hint: see `dgw .*sql --help`/);
  });
});
