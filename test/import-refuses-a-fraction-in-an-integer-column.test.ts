import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// DuckDB casts the text 1.5 to an integer as 2: 'table import' put 2 where the file said 1.5 and
// said nothing. A fraction other than zeros is refused naming its line and quoting it, as the reader's refusals do; 3.0 is still 3.

const tmp = tempDir('dgw-import-fraction-');
afterAll(() => tmp.remove());

describe('an import into an integer column', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');
  const file = join(tmp.dir, 'stock.csv');

  it('refuses a value with a fraction, naming the line, the value and the column, and imports nothing', async () => {
    await dgw('table', 'create', 'stock', '--column', 'sku:VARCHAR', '--column', 'qty:BIGINT', '--column', 'price:DECIMAL');
    writeFileSync(file, 'sku,qty,price\n"a\nb",1,2.5\nc,2.50,1\nd,-0.25,1\n');
    const r = await run('table', 'import', 'stock', file);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('line 4: "2.50" in column "qty" is not a whole number, and qty is BIGINT (the line: c,2.50,1)');
    expect(await dgw('sql', 'SELECT count(*) FROM svc.table.stock')).toBe('0\n');
  });

  it('takes whole numbers written with zero fractions, fractions in other columns, and still names a bad value', async () => {
    writeFileSync(file, 'sku,qty,price\na,1,2.5\nb,3.0,1.25\nc, 7 ,0\n');
    const r = await run('table', 'import', 'stock', file);
    expect(r.code, r.stderr).toBe(0);
    expect(await dgw('sql', 'SELECT sku, qty, price FROM svc.table.stock ORDER BY sku', '--format', 'csv')).toBe('sku,qty,price\na,1,2.500\nb,3,1.250\nc,7,0.000\n');
    writeFileSync(file, 'sku,qty\nd,x\n');
    const bad = await run('table', 'import', 'stock', file, '--map', 'sku=sku', '--map', 'qty=qty');
    expect(bad.code, bad.stderr).toBe(6);
    expect(bad.stderr).toContain('line 2: "x" in column "qty" is not a BIGINT');
    writeFileSync(file, 'qty\n99999999999999999999\n');
    const big = await run('table', 'import', 'stock', file);
    expect(big.code, big.stderr).toBe(6);
    expect(big.stderr).toContain('line 2: "99999999999999999999" in column "qty" is not a BIGINT');
  });
});
