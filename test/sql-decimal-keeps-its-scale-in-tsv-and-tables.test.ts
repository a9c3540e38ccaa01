import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// TSV and tables print every digit: a DECIMAL(5,2) is 1.50 there, as in CSV (JSON's number 1.5 is documented).

const tmp = tempDir('dgw-decimal-scale-');
afterAll(() => tmp.remove());
const SQL = 'SELECT 1.50::DECIMAL(5,2) AS d, 2::DECIMAL(6,3) AS e, 1.50::DECIMAL(20,2) AS w, 1.5::DOUBLE AS x';

// The hosted service's answer names no column types, so there the scale cannot be known (docs/output.md).
describe('a DECIMAL of at most 15 digits', () => {
  const { dgw } = localCli(tmp.dir, 'spec');

  it('keeps its scale in TSV, tables and -q, as CSV does', async () => {
    expect(await dgw('sql', SQL, '--format', 'tsv')).toBe('1.50\t2.000\t1.50\t1.5\n');
    expect(await dgw('sql', SQL, '--format', 'csv')).toBe('d,e,w,x\n1.50,2.000,1.50,1.5\n');
    expect(await dgw('sql', SQL, '--format', 'table')).toContain('1.50  2.000  1.50  1.5');
    expect(await dgw('sql', SQL, '-q')).toBe('1.50\n');
  });

  it('is still a number in JSON', async () => {
    expect(await dgw('sql', SQL, '--json')).toBe('[{"d":1.5,"e":2,"w":"1.50","x":1.5}]\n');
  });
});
