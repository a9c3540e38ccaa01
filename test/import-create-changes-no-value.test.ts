import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// --create types a column from the file's first 2000 rows. A later 1.23456 in a column typed
// DECIMAL(18,3) was stored 1.235, and a later 10:00:00+02:00 in a TIMESTAMP column 10:00:00,
// both with exit 0: dgw chose those types, so they may not change a value the file holds.
const tmp = tempDir('dgw-create-exact-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

/** 2,500 ordinary rows, then `late`: past the rows --create types the columns from. */
function fileWith(name: string, late: string): string {
  const file = path.join(tmp.dir, name);
  fs.writeFileSync(file, `id,amount,seen\n${Array.from({ length: 2500 }, (_, i) => `${i},1.5,2025-01-01 10:00:00\n`).join('')}${late}`);
  return file;
}

describe('table import --create changes no value of the file', () => {
  it('refuses a fourth decimal in a column it typed DECIMAL, naming the line, with the table create that keeps it', async () => {
    const file = fileWith('decimals.csv', '2500,1.2300,2025-01-01 10:00:00\n2501,1.23456,2025-01-01 10:00:00\n');
    const r = await run('table', 'import', 'prices', file, '--create');
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('line 2503: "1.23456" in column "amount" is not a DECIMAL(18,3): it has more than 3 decimals, which DECIMAL(18,3) would round (the line: 2501,1.23456,2025-01-01 10:00:00)');
    expect(r.stderr).toContain("hint: --create typed amount as DECIMAL from the file's first rows; to choose the types, make the table first, then import without --create: dgw table create prices --column id:BIGINT --column amount:VARCHAR --column seen:TIMESTAMP\n");
    expect((await run('table', 'list', 'prices')).code).toBe(4);
    await dgw('table', 'create', 'prices', '--column', 'id:BIGINT', '--column', 'amount:VARCHAR', '--column', 'seen:TIMESTAMP');
    await dgw('table', 'import', 'prices', file);
    expect(await dgw('sql', 'SELECT amount FROM svc.table.prices WHERE id >= 2500 ORDER BY id')).toBe('1.2300\n1.23456\n');
  });

  it('refuses an exponent there, which DuckDB would round to 0.000', async () => {
    const r = await run('table', 'import', 'tiny', fileWith('exponent.csv', '2500,1e-5,2025-01-01 10:00:00\n'), '--create');
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('line 2502: "1e-5" in column "amount" is not a DECIMAL(18,3): it is written with an exponent');
  });

  it('stores a time with an offset as the UTC time it names, and trailing zeros as the same number', async () => {
    const file = fileWith('offsets.csv', '2500,1.2300,2025-01-01T10:00:00+02:00\n2501,2.5,2025-01-01T10:00:00Z\n');
    await dgw('table', 'import', 'visits', file, '--create');
    expect(await dgw('sql', 'SELECT id, amount, seen FROM svc.table.visits WHERE id >= 2499 ORDER BY id', '--format', 'csv')).toBe('id,amount,seen\n2499,1.500,2025-01-01 10:00:00\n2500,1.230,2025-01-01 08:00:00\n2501,2.500,2025-01-01 10:00:00\n');
  });

  it('leaves a table made with its types to their own casts, as Postgres does', async () => {
    await dgw('table', 'create', 'ledger', '--column', 'id:BIGINT', '--column', 'amount:DECIMAL', '--column', 'seen:TIMESTAMP');
    await dgw('table', 'import', 'ledger', fileWith('ledger.csv', '2500,1.23456,2025-01-01T10:00:00+02:00\n'));
    expect(await dgw('sql', 'SELECT amount, seen FROM svc.table.ledger WHERE id = 2500', '--format', 'csv')).toBe('amount,seen\n1.235,2025-01-01 10:00:00\n');
  });
});
