import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `table update-column --type` converted every row by DuckDB's cast and said "changed", exit 0:
// DECIMAL 1.25 and 2.5 became BIGINT 1 and 3, and ids 1 and 2 both became BOOLEAN true.
const tmp = tempDir('dgw-retype-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

describe('a column type change on the local gateway', () => {
  it('is refused when a value would change, naming one and how many, and changes nothing', async () => {
    await dgw('table', 'create', 'prices', '--column', 'id:BIGINT', '--column', 'price:DECIMAL');
    await dgw('sql', 'INSERT INTO svc.table.prices VALUES (1, 1.25), (2, 2.5), (3, 3)');
    const r = await run('table', 'update-column', 'prices', 'price', '--type', 'BIGINT');
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(
      "column price of prices is not changed to BIGINT: 2 values would change (1.250 would be 1); to change them on purpose, first run `dgw --zone local sql 'UPDATE svc.table.prices SET price = CAST(price AS BIGINT)'`, then change the type",
    );
    expect((await run('table', 'update-column', 'prices', 'id', '--type', 'BOOLEAN')).stderr).toContain('2 values would change (2 would be true)');
    expect(await dgw('sql', 'SELECT * FROM svc.table.prices ORDER BY id', '--format', 'csv')).toBe('id,price\n1,1.250\n2,2.500\n3,3.000\n');
    expect(await dgw('table', 'list', 'prices', '--json', 'name,dataType')).toBe('[{"name":"id","dataType":"bigint"},{"name":"price","dataType":"decimal(18,3)"}]\n');
  });

  it('goes ahead once the values fit, as the UPDATE it names makes them; and whenever every value comes back as itself', async () => {
    await dgw('sql', 'UPDATE svc.table.prices SET price = CAST(price AS BIGINT)');
    expect((await run('table', 'update-column', 'prices', 'price', '--type', 'BIGINT')).code).toBe(0);
    expect((await run('table', 'update-column', 'prices', 'id', '--type', 'VARCHAR')).code).toBe(0);
    expect((await run('table', 'update-column', 'prices', 'id', '--type', 'BIGINT')).code).toBe(0);
    expect(await dgw('sql', 'SELECT * FROM svc.table.prices ORDER BY id', '--format', 'csv')).toBe('id,price\n1,1\n2,3\n3,3\n');
  });
});
