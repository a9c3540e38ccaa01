import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkParametricTable, type ParametricRow } from '../../src/gateway/project/parametric-tables.js';

// A parameter's value is checked by converting it to its column's type: only a value that does not
// convert is the request's fault (400). A stop or cancel interrupting that check stays an interrupt.

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
  await conn.run("ATTACH ':memory:' AS files; CREATE TABLE files.main.visits (i INTEGER, page VARCHAR)");
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

const row = (value: unknown): ParametricRow => ({ catalogId: 'x', fromSchema: 'main', fromTable: 'visits', toSchema: 'main', toTable: 'one', paramValues: [{ key: 'i', value }], createdAt: 0 });

it('a value that does not convert is 400, naming the value and the column', async () => {
  await expect(checkParametricTable(conn, 'files', row('abc'))).rejects.toMatchObject({ status: 400, message: expect.stringContaining('"abc" is not a value of i, an INTEGER column') });
  await expect(checkParametricTable(conn, 'files', row(7))).resolves.toBeUndefined();
});

it('an interrupted check is not called a bad value', async () => {
  const interrupted = new Proxy(conn, {
    get(target, name) {
      if (name !== 'run') return Reflect.get(target, name, target) as unknown;
      return async (sql: string, ...rest: []) => {
        if (sql.startsWith('SELECT CAST')) throw new Error('INTERRUPT Error: Interrupted!');
        return target.run(sql, ...rest);
      };
    },
  });
  const error = await checkParametricTable(interrupted, 'files', row(7)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe('INTERRUPT Error: Interrupted!');
});
