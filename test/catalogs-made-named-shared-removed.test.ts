import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';
import { walkShapes } from './support/walk-shapes.js';

// Create, delete and share catalogs on the local gateway, as a script written for the hosted
// service calls them (connection first, then a catalog of it), in both API shapes.

const tmp = tempDir('dgw-catalogs-');
const source = join(tmp.dir, 'sales.duckdb');
afterAll(() => tmp.remove());
beforeAll(async () => {
  const db = await DuckDBInstance.create(source);
  const conn = await db.connect();
  await conn.run('CREATE TABLE orders AS SELECT range AS id FROM range(42)');
  conn.closeSync();
  db.closeSync();
});

for (const shape of walkShapes) {
  describe(`catalogs of connections, ${shape} shape`, () => {
    const { run, dgw, json } = localCli(tmp.dir, shape);

    it('catalog create names the catalog a connection made; SQL reads it by that name; once only', async () => {
      await dgw('connection', 'create', 'pg-conn', '--type', 'duckdb', '--field', `path=${source}`);
      const made = await json('catalog', 'create', 'Warehouse', 'pg-conn');
      expect(made).toMatchObject({ name: 'warehouse', displayName: 'Warehouse', catalogType: 'duckdb' });
      expect(await dgw('sql', 'SELECT count(*) FROM warehouse.main.orders')).toBe('42\n');
      expect((await run('sql', 'SELECT count(*) FROM pgconn.main.orders')).code).toBe(6);
      const twice = await run('catalog', 'create', 'Other', 'pg-conn');
      expect(twice.code).toBe(5);
      expect(twice.stderr).toContain('one catalog per connection');
      // A catalog name another catalog has is 400 with code 100, as the document's createCatalog example (a connection's is 409): exit 5 for both.
      await dgw('connection', 'create', 'second', '--type', 'duckdb', '--field', `path=${source}`);
      const taken = await run('catalog', 'create', 'warehouse', 'second', '--json');
      expect(taken.code).toBe(5);
      expect(JSON.parse(taken.stderr).error).toMatchObject({ status: 400, errorCode: shape === 'hosted' ? 100 : 'CONFLICT', message: expect.stringContaining('a catalog named warehouse exists already') });
      const clash = await run('connection', 'create', 'Warehouse', '--type', 'duckdb', '--field', `path=${source}`);
      expect(clash.code).toBe(5);
      expect(clash.stderr).toContain('a catalog named warehouse exists already');
      expect((await run('catalog', 'create', 'svc', 'second')).code).toBe(6);
      expect((await run('api', 'POST', '/data/projects/demo/catalogs', '-f', 'name=x', '-f', 'connectionId=nope')).code).toBe(6);
    });

    it('catalog share copies the connection into another project, which reads it by the same name', async () => {
      await dgw('project', 'create', `other${shape}`);
      const shared = await json('catalog', 'share', 'warehouse', `other${shape}`);
      expect(shared.sharedCatalogId).toMatch(/^\d+$/);
      expect(await dgw('--project', `other${shape}`, 'sql', 'SELECT count(*) FROM warehouse.main.orders')).toBe('42\n');
      expect((await run('catalog', 'share', 'warehouse', 'nosuchproject')).code).toBe(4);
      expect((await run('catalog', 'share', 'warehouse', 'demo')).code).toBe(6);
      expect((await run('catalog', 'share', 'svc', `other${shape}`)).code).not.toBe(0);
    });

    it('catalog share of a renamed connection\'s catalog keeps the name SQL reads it by', async () => {
      await dgw('connection', 'create', 'before', '--type', 'duckdb', '--field', `path=${source}`);
      await dgw('connection', 'update', 'before', '--name', 'after');
      await dgw('project', 'create', `renamed${shape}`);
      await dgw('catalog', 'share', 'before', `renamed${shape}`);
      await dgw('catalog', 'rm', 'before', '--yes');
      expect(await dgw('--project', `renamed${shape}`, 'sql', 'SELECT count(*) FROM before.main.orders')).toBe('42\n');
    });

    it('catalog share refused for a catalog name the other project has leaves no connection there', async () => {
      await dgw('project', 'create', `taken${shape}`);
      await dgw('--project', `taken${shape}`, 'connection', 'create', 'theirs', '--type', 'duckdb', '--field', `path=${source}`);
      await dgw('--project', `taken${shape}`, 'catalog', 'create', 'Shared', 'theirs');
      await dgw('connection', 'create', 'mine', '--type', 'duckdb', '--field', `path=${source}`);
      await dgw('catalog', 'create', 'Shared', 'mine');
      expect((await run('catalog', 'share', 'shared', `taken${shape}`)).code).toBe(5);
      await dgw('catalog', 'rm', 'shared', '--yes');
      expect((await json('--project', `taken${shape}`, 'connection', 'list')).map((c: { name: string }) => c.name)).toEqual(['theirs']);
    });

    it('catalog rm takes the connection with it, but not while a cache copies one of its tables; built-ins stay', async () => {
      await dgw('cache', 'create', 'warehouse.main.orders');
      expect((await run('catalog', 'rm', 'warehouse', '--yes')).code).toBe(5);
      await dgw('cache', 'rm', 'warehouse.main.orders', '--yes');
      await dgw('catalog', 'rm', 'warehouse', '--yes');
      expect((await json('connection', 'list')).map((c: { name: string }) => c.name)).toEqual(['second']);
      expect((await run('sql', 'SELECT count(*) FROM warehouse.main.orders')).code).toBe(6);
      expect((await run('api', 'DELETE', '/data/projects/demo/catalogs/1')).code).toBe(6);
      // The other project's copy is its own.
      expect(await dgw('--project', `other${shape}`, 'sql', 'SELECT count(*) FROM warehouse.main.orders')).toBe('42\n');
    });
  });
}
