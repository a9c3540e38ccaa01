import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `--columns a,b` split on every comma, so a column whose name holds one could not be exported by
// name. The list is read as one CSV record: such a name is written in double quotes, as a CSV
// header writes it.

const tmp = tempDir('dgw-export-comma-');
afterAll(() => tmp.remove());

describe('export --columns with a comma in a column name', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('takes the name in double quotes, a doubled quote inside, and spaces around names as before', async () => {
    await dgw('sql', `CREATE TABLE svc.table.odd AS SELECT 1 AS "city, state", 2 AS "say ""hi""", 3 AS plain`);
    expect(await dgw('catalog', 'export', 'svc.table.odd', '--columns', 'plain, "city, state"')).toBe('plain,"city, state"\n3,1\n');
    expect(await dgw('catalog', 'export', 'svc.table.odd', '--columns', '"say ""hi""",plain')).toBe('"say ""hi""",plain\n2,3\n');
  });

  it('still refuses an empty name and a name given twice, before anything is sent', async () => {
    for (const [columns, said] of [
      ['plain,', 'has an empty column name'],
      ['', 'has an empty column name'],
      ['"city, state",plain,"CITY, STATE"', 'names CITY, STATE twice'],
      ['"city, state', 'is not a list of names: one holding a comma or a quote goes in double quotes'],
      ['say "hi",plain', 'is not a list of names'],
      ['"city"x,state', 'is not a list of names'],
    ]) {
      const r = await run('catalog', 'export', 'svc.table.odd', '--columns', columns);
      expect([r.code, r.stderr], columns).toEqual([2, expect.stringContaining(said)]);
    }
  });
});
