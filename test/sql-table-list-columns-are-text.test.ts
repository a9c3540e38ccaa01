import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A LIST of numbers is JSON text in a table, laid out as text: left-aligned, as a STRUCT is; its elements' type makes no number of it.
const tmp = tempDir('dgw-sql-list-text-');
afterAll(() => tmp.remove());

describe('dgw sql --format table', () => {
  it('left-aligns a LIST of numbers and right-aligns a DECIMAL', async () => {
    const { dgw } = localCli(tmp.dir, 'spec');
    const out = await dgw('sql', 'SELECT [1, 2] AS listofnumbers, 1.50::DECIMAL(3,2) AS d', '--format', 'table');
    expect(out.split('\n')).toEqual(['listofnumbers     d', '─────────────  ────', '[1,2]          1.50', '']);
  });
});
