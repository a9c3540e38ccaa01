import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// DuckDB's ALTER ... TYPE converts the rows a DELETE removed too: a table whose one bad value was
// deleted still could not change the column's type, refused for a value no longer in it, and
// nothing the user could do on the table changed that. Only the rows there count now.
const tmp = tempDir('dgw-retype-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

describe('table update-column --type', () => {
  it('converts the rows in the table, not those deleted; a row there that does not convert still refuses it', async () => {
    await dgw('sql', 'CREATE TABLE svc.table.prices (price VARCHAR, note VARCHAR)');
    await dgw('sql', "INSERT INTO svc.table.prices VALUES ('1.5', 'a'), ('not a number', 'b'), (NULL, 'c')");
    const refused = await run('table', 'update-column', 'prices', 'price', '--type', 'DECIMAL');
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain('Could not convert string "not a number" to DECIMAL(18,3)');
    await dgw('sql', "DELETE FROM svc.table.prices WHERE note = 'b'");
    await dgw('table', 'update-column', 'prices', 'price', '--type', 'DECIMAL');
    expect(await dgw('sql', 'SELECT * FROM svc.table.prices ORDER BY note', '--format', 'csv')).toBe('price,note\n1.500,a\n,c\n');
    await dgw('bitable', 'create', 'days', '--column', 'day:VARCHAR');
    await dgw('sql', "INSERT INTO svc.bitable.days VALUES ('2026-01-31'), ('someday')");
    await dgw('sql', "DELETE FROM svc.bitable.days WHERE day = 'someday'");
    await dgw('bitable', 'update-column', 'days', 'day', '--type', 'DATE');
    expect(await dgw('sql', 'SELECT day FROM svc.bitable.days', '--json')).toBe('[{"day":"2026-01-31"}]\n');
  });
});
