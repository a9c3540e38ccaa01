import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shortTitles } from '../src/output/table.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A title cut to its column's width must not read like its neighbour's: cut at the end, CATALOG
// NAME and CATALOG ID were both "CATALOG…" on a 40-column terminal.

const tmp = tempDir('dgw-narrow-titles-');
afterAll(() => tmp.remove());

describe('titles of a table narrower than they are', () => {
  it('keep their last word where the cut would leave a start another title shares', () => {
    expect(shortTitles(['TABLE NAME', 'SCHEMA NAME', 'CATALOG NAME', 'CATALOG ID'], [10, 8, 8, 8])).toEqual(['TABLE NAME', 'SCHEMA NAME', 'CAT…NAME', 'CATAL…ID']);
    // Only the last word left room for: "…COUNT"; a last word wider than the column: cut at the end, as before.
    expect(shortTitles(['DISTINCT FRACTION', 'DISTINCT COUNT'], [7, 6])).toEqual(['DISTINCT FRACTION', '…COUNT']);
    // One word, or a start no other title has: left to cli-table3's cut at the end.
    expect(shortTitles(['IDENTIFIER', 'IDENTIFIERS'], [5, 5])).toEqual(['IDENTIFIER', 'IDENTIFIERS']);
    expect(shortTitles(['NULL COUNT', 'MIN'], [6, 3])).toEqual(['NULL COUNT', 'MIN']);
  });

  it('on a 40-column terminal, table list tells the catalog name from the catalog id', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), NO_COLOR: '1', DGW_PAGER: '' };
    const r = await runInProcess(['--zone', 'local', 'table', 'list'], { env, terminalColumns: 40 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('TABLE NAME  SCHEMA …  CAT…NAME  CATAL…ID');
  });
});
