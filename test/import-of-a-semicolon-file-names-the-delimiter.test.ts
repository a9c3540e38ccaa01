import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// A spreadsheet's "CSV" with semicolons (or a TSV) imported without --delimiter: --create made a table
// of one VARCHAR column named "id;name" holding "1;x", and into an existing table the hint was --map.
// The header line read as one name holding ; tab or | is refused, naming the --delimiter that reads it.
const dir = tempDir('dgw-delim-');
afterAll(() => dir.remove());
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway'), DGW_ZONE: 'local' };
const dgw = (args: string[]) => runAsBinaryWould(args, { env });
const file = (name: string, text: string) => {
  const f = path.join(dir.dir, name);
  fs.writeFileSync(f, text);
  return f;
};

describe('table import of a file separated by something else than commas', () => {
  it('--create: exit 2, nothing made, the hint names --delimiter; with it the columns are right', async () => {
    const semi = file('semi.csv', 'id;name\n1;x\n');
    const r = await dgw(['table', 'import', 'semi', semi, '--create']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${semi}: its first line holds no comma but ';' ("id;name"): it looks separated by those\n`);
    expect(r.stderr).toContain("hint: add --delimiter ';'; or --delimiter , if it really is one column\n");
    expect((await dgw(['table', 'list', '-q'])).stdout.split('\n')).not.toContain('semi');
    const tabs = await dgw(['table', 'import', 'semi', file('tabs.csv', 'id\tname\n1\tx\n'), '--create']);
    expect([tabs.code, tabs.stderr]).toEqual([2, expect.stringContaining('hint: add --delimiter tab;')]);
    expect((await dgw(['table', 'import', 'semi', semi, '--create', '--delimiter', ';'])).code).toBe(0);
    expect((await dgw(['table', 'list', 'semi', '--json', 'name', '--jq', '.[].name'])).stdout).toBe('id\nname\n');
  });

  it('into an existing table: the hint names --delimiter, not --map; a column of that very name imports', async () => {
    const r = await dgw(['table', 'import', 'semi', file('more.csv', 'id;name\n2;y\n')]);
    expect(r.code).toBe(14);
    expect(r.stderr).toContain("hint: add --delimiter ';'");
    expect(r.stderr).not.toContain('--map');
    expect((await dgw(['sql', 'CREATE TABLE svc.table.odd ("a;b" VARCHAR)'])).code).toBe(0);
    expect((await dgw(['table', 'import', 'odd', file('odd.csv', 'a;b\n1;2\n')])).code).toBe(0);
    expect((await dgw(['table', 'import', 'fresh', file('one.csv', 'a;b\n1;2\n'), '--create', '--delimiter', ','])).code).toBe(0);
  });
});

describe('a refused line of a file with another delimiter', () => {
  // The file goes to the service as comma-separated CSV, line for line; the refusal quoted that copy
  // ('5,"1,50",x'), a line the user's file does not hold.
  it('is quoted as the file writes it, a tab-separated one too', async () => {
    expect((await dgw(['sql', 'CREATE TABLE svc.table.prices (id INTEGER, price DECIMAL(18,3), note VARCHAR)'])).code).toBe(0);
    const r = await dgw(['table', 'import', 'prices', file('prices.csv', '\uFEFFid;price;note\r\n4;2.5;ok\r\n5;1,50;x\r\n'), '--delimiter', ';']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('line 3: "1,50" in column "price" is not a DECIMAL(18,3) (the line: 5;1,50;x)');
    const tabs = await dgw(['table', 'import', 'prices', file('prices.tsv', 'id\tprice\tnote\nseven\t1\tx\n'), '--delimiter', 'tab']);
    expect(tabs.stderr).toContain('(the line: seven\\x091\\x09x)'); // control characters are printed escaped
    expect((await dgw(['sql', 'SELECT count(*) FROM svc.table.prices'])).stdout).toBe('0\n');
  });
});
