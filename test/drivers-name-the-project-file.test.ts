import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { openGateway } from './gateway/helpers.js';
import { walkShapes, describeOnce } from './support/walk-shapes.js';

// On the local gateway a driver's connection string names a DuckDB file a BI tool can open: the
// project's own, or a DuckDB file connection's. The test opens each string's file read-only with
// DuckDB, as DuckDB's JDBC driver or duckdb_engine would, and reads the data dgw wrote.

const dir = mkdtempSync(join(tmpdir(), 'dgw-drivers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readOnly<T>(file: string, sql: string): Promise<T[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const conn = await instance.connect();
    const rows = (await (await conn.runAndReadAll(sql)).getRowObjectsJson()) as T[];
    conn.closeSync();
    return rows;
  } finally {
    instance.closeSync();
  }
}

const fileOf = (jdbc: string) => jdbc.replace(/^jdbc:duckdb:/, '');

describe.each(walkShapes)('drivers on the local gateway (%s shape)', (shape) => {
  const cli = localCli(dir, shape);

  it('list, jdbc and sqlalchemy name the project file, which holds the stored tables', async () => {
    await cli.dgw('sql', 'CREATE TABLE svc.table.drivers_probe AS SELECT 42 AS answer');
    const strings = await cli.json('driver', 'list');
    const jdbc = strings.find((d: { driver: string }) => d.driver === 'JDBC').connectionString;
    const alchemy = strings.find((d: { driver: string }) => d.driver === 'SQL_ALCHEMY').connectionString;
    expect(jdbc).toBe(`jdbc:duckdb:${join(dir, `data-${shape}`, 'projects', 'demo.duckdb')}`);
    expect(alchemy).toBe(`duckdb:///${fileOf(jdbc)}?access_mode=read_only`);
    expect((await cli.dgw('driver', 'jdbc', '-q')).trim()).toBe(jdbc);
    expect((await cli.dgw('driver', 'sqlalchemy', '1', '-q')).trim()).toBe(alchemy);
    expect(await readOnly(fileOf(jdbc), 'SELECT answer FROM "table".drivers_probe')).toEqual([{ answer: 42 }]);
  });

  it("a DuckDB file connection's catalog is that file; a CSV connection's or an unknown catalog is refused, naming why", async () => {
    const sales = join(dir, `sales-${shape}.duckdb`);
    const seed = await DuckDBInstance.create(sales);
    const conn = await seed.connect();
    await conn.run('CREATE TABLE s AS SELECT 7 AS x');
    conn.closeSync();
    seed.closeSync();
    await cli.dgw('connection', 'create', 'sales', '--type', 'duckdb', '--field', `path=${sales}`);
    expect((await cli.dgw('driver', 'sqlalchemy', 'sales', '-q')).trim()).toBe(`duckdb:///${sales}?access_mode=read_only`);
    const listed = await cli.json('driver', 'list', '--catalog', 'sales');
    expect(listed.map((d: { connectionString: string }) => d.connectionString)).toEqual([`jdbc:duckdb:${sales}`, `duckdb:///${sales}?access_mode=read_only`]);

    const visits = join(dir, `visits-${shape}.csv`);
    writeFileSync(visits, 'day,n\n2026-01-01,3\n');
    await cli.dgw('connection', 'create', 'visits', '--type', 'csv', '--field', `path=${visits}`);
    const views = await cli.run('driver', 'sqlalchemy', 'visits');
    expect(views.code).toBe(6);
    expect(views.stderr).toMatch(/catalog visits reads csv files through views/);

    const unknown = await cli.run('driver', 'sqlalchemy', 'nosuch');
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/no catalog nosuch/);
  });
});

describeOnce('drivers answered over HTTP', () => {
  it("a partner key names its project with dgw's projectId; a project key's own project is used, another's refused", async () => {
    const data = join(dir, 'http');
    const gw = await openGateway({ dataDir: data });
    try {
      await gw.call('GET', '/data/projects/demo/queries');
      const file = join(data, 'projects', 'demo.duckdb');
      const asPartner = await gw.call('GET', '/supportedDrivers?projectId=demo');
      expect(asPartner.status).toBe(200);
      expect(asPartner.body).toEqual({ JDBC: `jdbc:duckdb:${file}`, SQL_ALCHEMY: `duckdb:///${file}?access_mode=read_only` });
      expect((await gw.call('GET', '/supportedDrivers/jdbc', { key: gw.demoKey })).body).toEqual({ JDBC: `jdbc:duckdb:${file}` });
      const unnamed = await gw.call('GET', '/supportedDrivers/jdbc');
      expect(unnamed.status).toBe(400);
      expect(unnamed.text).toMatch(/projectId/);
      expect((await gw.call('GET', '/supportedDrivers?projectId=other', { key: gw.demoKey })).status).toBe(403);
      expect((await gw.call('GET', '/supportedDrivers?projectId=nosuch')).status).toBe(404);
      for (const bad of ['..%2Fkeys', '%00', 'a'.repeat(65)]) {
        const refused = await gw.call('GET', `/supportedDrivers?projectId=${bad}`);
        expect([refused.status, refused.body.message], bad).toEqual([400, expect.stringContaining('a local project id is 1 to 64')]);
      }
      const noCatalog = await gw.call('GET', '/supportedDrivers/sql_alchemy?projectId=demo');
      expect(noCatalog.status).toBe(400);
      expect(noCatalog.text).toMatch(/catalogName is required/);
    } finally {
      await gw.close();
    }
  });

  it('a project held in memory has no file to name', async () => {
    const gw = await openGateway();
    try {
      const answer = await gw.call('GET', '/supportedDrivers/jdbc', { key: gw.demoKey });
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/held in memory/);
    } finally {
      await gw.close();
    }
  });
});
