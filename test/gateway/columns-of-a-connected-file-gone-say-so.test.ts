import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// On a gateway that stays open (dgw serve), the columns of a connected file moved away were still
// listed from DuckDB's catalog, while SQL reading the table said the file was gone.

const work = tempDir('dgw-columns-gone-');
let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway({ dataDir: join(work.dir, 'data'), seed: false });
});
afterAll(async () => {
  await gw.close();
  work.remove();
});

it('the columns of a connected file moved away since the project opened: 400 saying it is gone, as SQL says', async () => {
  const file = join(work.dir, 'items.csv');
  writeFileSync(file, 'id,qty\n1,2\n');
  const made = await gw.call('POST', '/connections/demo', { body: { name: 'files', type: 'csv', credential: { path: file } } });
  expect(made.status, made.text).toBe(200);
  const catalog = (await gw.call('GET', `${P}/catalogs`)).body.find((c: { connectionId: string | null }) => c.connectionId === made.body.id);
  const columns = `${P}/catalogs/${catalog.id}/schemas/main/tables/items/columns`;
  expect((await gw.call('GET', columns)).body.map((c: { name: string }) => c.name)).toEqual(['id', 'qty']);
  renameSync(file, join(work.dir, 'moved.csv'));
  const gone = await gw.call('GET', columns);
  expect(gone.status, gone.text).toBe(400);
  expect(gone.body.message).toBe(`the file ${file} of connection files cannot be read: it is gone or was moved since the project opened`);
  const sql = await gw.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT * FROM files.main.items' } });
  expect(sql.body.message).toBe(gone.body.message);
});
