import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// catalog stats printed a NULL min or max (a column of NULLs, an empty table) as an empty field,
// in TSV and CSV alike, so it read as the empty string, the min of a text column holding ''.
// docs/output.md: TSV writes NULL as \N and the empty string as an empty field; CSV NULL empty, '' as "".

const tmp = tempDir('dgw-stats-null-');
afterAll(() => tmp.remove());
const { dgw } = localCli(tmp.dir, 'spec');

it('a NULL min and max are \\N in TSV and empty in CSV; an empty-string min is an empty field and ""', async () => {
  await dgw('sql', "CREATE TABLE svc.table.notes AS SELECT * FROM (VALUES ('', NULL::VARCHAR), ('b', NULL)) t(word, nothing)");
  const tsv = await dgw('catalog', 'stats', 'svc.table.notes');
  expect(tsv.split('\n').slice(0, 2)).toEqual(['word\t-1\t0\t2\t\tb', 'nothing\t0\t2\t0\t\\N\t\\N']);
  const csv = await dgw('catalog', 'stats', 'svc.table.notes', '--format', 'csv');
  expect(csv.split('\n').slice(1, 3)).toEqual(['word,-1,0,2,"",b', 'nothing,0,2,0,,']);
});
