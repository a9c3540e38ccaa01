import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';
import { walkShapes } from './support/walk-shapes.js';

// BI tables (`dgw bitable`, svc.bitable) and Update Column (`table|bitable update-column`) on the
// local gateway, as a user runs them, in both API shapes: each run opens the project afresh, so
// every step also proves that what the one before it changed was kept.

const tmp = tempDir('dgw-bitables-');
afterAll(() => tmp.remove());

for (const shape of walkShapes) {
  describe(`BI tables and column changes, ${shape} shape`, () => {
    const { run, dgw, json } = localCli(tmp.dir, shape);
    const columns = async (noun: string, table: string) =>
      (await json(noun, 'list', table)).map((c: { name: string; dataType: string; defaultValue: string | null; isNotNull: boolean }) => [c.name, c.dataType, c.defaultValue, c.isNotNull]);

    it('a BI table is made, filled by SQL, read, listed apart from stored tables, and removed', async () => {
      await dgw('bitable', 'create', 'events', '--column', 'region:VARCHAR', '--column', 'hits:BIGINT');
      // A stored table of the same name is another table.
      await dgw('table', 'create', 'events', '--column', 'id:BIGINT');
      await dgw('sql', "INSERT INTO svc.bitable.events VALUES ('eu', 3), ('us', 4)");
      expect(await dgw('sql', 'SELECT sum(hits) AS n FROM svc.bitable.events')).toBe('7\n');
      expect((await json('bitable', 'list')).map((t: { schemaName: string; tableName: string }) => `${t.schemaName}.${t.tableName}`)).toEqual(['bitable.events']);
      expect((await json('table', 'list')).map((t: { tableName: string }) => t.tableName)).toContain('events');
      expect(await columns('table', 'events')).toEqual([['id', 'bigint', null, false]]);
      expect((await json('catalog', 'tables', '1', 'bitable')).map((t: { tableName: string }) => t.tableName)).toEqual(['events']);

      await dgw('bitable', 'drop-column', 'events', 'region', '--yes');
      expect(await columns('bitable', 'events')).toEqual([['hits', 'bigint', null, false]]);
      await dgw('bitable', 'rm', 'events', '--yes');
      expect(await json('bitable', 'list')).toEqual([]);
      expect((await run('sql', 'SELECT * FROM svc.bitable.events')).code).toBe(6);
      // The stored table of that name is untouched.
      expect(await columns('table', 'events')).toEqual([['id', 'bigint', null, false]]);
      await dgw('table', 'rm', 'events', '--yes');
    });

    it('a BI table made without columns is listed, and its first columns make it', async () => {
      await dgw('bitable', 'create', 'later');
      expect((await json('bitable', 'list')).map((t: { tableName: string }) => t.tableName)).toEqual(['later']);
      expect(await columns('bitable', 'later')).toEqual([]);
      await dgw('bitable', 'add-column', 'later', 'at:TIMESTAMP');
      expect(await columns('bitable', 'later')).toEqual([['at', 'timestamp', null, false]]);
      expect((await run('bitable', 'create', 'later')).code).toBe(5);
      await dgw('bitable', 'rm', 'later', '--yes');
    });

    it('update-column renames, converts the rows to a new type, sets and drops a default and NOT NULL', async () => {
      await dgw('bitable', 'create', 'sales', '--column', 'region:VARCHAR', '--column', 'total:BIGINT');
      await dgw('sql', "INSERT INTO svc.bitable.sales VALUES ('eu', 10), ('us', 20)");
      await dgw('bitable', 'update-column', 'sales', 'total', '--type', 'DECIMAL', '--default', '0', '--not-null');
      expect(await columns('bitable', 'sales')).toEqual([['region', 'varchar', null, false], ['total', 'decimal(18,3)', '0', true]]);
      await dgw('sql', "INSERT INTO svc.bitable.sales (region) VALUES ('apac')");
      expect(await dgw('sql', 'SELECT region, total FROM svc.bitable.sales ORDER BY region', '--format', 'csv')).toBe('region,total\napac,0.000\neu,10.000\nus,20.000\n');
      await dgw('bitable', 'update-column', 'sales', 'total', '--no-default', '--nullable', '--rename', 'amount', '--yes');
      expect(await columns('bitable', 'sales')).toEqual([['region', 'varchar', null, false], ['amount', 'decimal(18,3)', null, false]]);

      await dgw('table', 'update-column', 'orders', 'status', '--default', 'pending');
      expect((await json('table', 'list', 'orders')).find((c: { name: string }) => c.name === 'status').defaultValue).toBe('pending');
    });

    it('a change that cannot be made changes nothing, and says why', async () => {
      await dgw('sql', "INSERT INTO svc.bitable.sales (region) VALUES (NULL)");
      // NOT NULL fails on the NULL row: the rename asked in the same request is not made either.
      const notNull = await run('bitable', 'update-column', 'sales', 'region', '--rename', 'area', '--not-null', '--yes');
      expect(notNull.code).toBe(6);
      expect(notNull.stderr).toMatch(/NOT NULL/);
      expect((await columns('bitable', 'sales')).map((c: unknown[]) => c[0])).toEqual(['region', 'amount']);

      const badType = await run('bitable', 'update-column', 'sales', 'region', '--type', 'DATE');
      expect(badType.code).toBe(6);
      expect((await columns('bitable', 'sales'))[0]).toEqual(['region', 'varchar', null, false]);

      const taken = await run('bitable', 'update-column', 'sales', 'region', '--rename', 'amount', '--yes');
      expect(taken.code).toBe(5);
      const typo = await run('bitable', 'update-column', 'sales', 'regoin', '--type', 'VARCHAR');
      expect(typo.code).toBe(4);
      expect(typo.stderr).toContain('did you mean "region"');
      const unknownTable = await run('bitable', 'update-column', 'slaes', 'region', '--type', 'VARCHAR');
      expect(unknownTable.code).toBe(4);
      expect((await run('bitable', 'update-column', 'sales', 'region')).code).toBe(2);
      expect((await run('bitable', 'update-column', 'sales', 'region', '--not-null', '--nullable')).code).toBe(2);
      expect((await run('bitable', 'update-column', 'sales', 'region', '--type', 'TEXT')).code).toBe(2);
    });

    it('an empty --rename is refused naming --rename, not the table', async () => {
      const r = await run('table', 'update-column', 'orders', 'status', '--rename', ' ');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--rename must not be empty');
    });

    it('the gateway refuses a change of UNIQUE, which DuckDB cannot make, with 400', async () => {
      const r = await run('api', 'PUT', '/data/projects/demo/bitable/sales/columns/region', '-f', 'isUnique=true');
      expect(r.code).toBe(6);
      expect(r.stderr).toMatch(/unique/i);
      const wrongField = await run('api', 'PUT', '/data/projects/demo/bitable/sales/columns/region', '-f', 'isNotNull=yes');
      expect(wrongField.code).toBe(6);
    });

    it('a rename names the saved queries that read the column, and a script must say --yes', async () => {
      await dgw('query', 'create', `Sales by region ${shape}`, '--sql', 'SELECT region, sum(amount) FROM svc.bitable.sales GROUP BY region');
      // Exit 14, not 2: the saved queries were read to find that one reads the column.
      const refused = await run('bitable', 'update-column', 'sales', 'region', '--rename', 'area');
      expect(refused.code).toBe(14);
      expect(refused.stderr).toContain('--yes');
      expect((await columns('bitable', 'sales'))[0][0]).toBe('region');
      await dgw('bitable', 'update-column', 'sales', 'region', '--rename', 'area', '--yes');
      expect((await columns('bitable', 'sales'))[0][0]).toBe('area');
    });
  });
}
