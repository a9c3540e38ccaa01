import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// On a gateway that stays open (dgw serve), exporting a connected file's table whose file went since
// the project opened was refused with DuckDB's "Permission Error: Cannot access file
// ".../top.csv/**/*.csv" - file system operations are disabled", where SQL and catalog stats say
// the file is gone or was moved.

const tmp = tempDir('dgw-export-file-gone-');
const folder = join(tmp.dir, 'csvs');
const file = join(folder, 'top.csv');
let g: TestGateway;
beforeAll(async () => {
  mkdirSync(folder);
  writeFileSync(file, 'a\n1\n');
  g = await openGateway({ dataDir: join(tmp.dir, 'data') });
  expect((await g.call('POST', '/connections/demo', { body: { name: 'nest', type: 'csv', credential: { path: folder } } })).status).toBe(200);
});
afterAll(async () => {
  await g.close();
  tmp.remove();
});

it('is refused naming the file that is gone, as SQL is', async () => {
  const catalogId = (await g.call('GET', `${P}/catalogs`)).body.find((c: { name: string }) => c.name === 'nest').id;
  expect((await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT * FROM nest.main.top' } })).status).toBe(200);
  renameSync(file, `${file}.away`);
  const refused = await g.call('POST', `${P}/catalogs/${catalogId}/schemas/main/tables/top/exports`, { body: { format: 'CSV' } });
  expect([refused.status, refused.body.message]).toEqual([400, `the file ${file} of connection nest cannot be read: it is gone or was moved since the project opened`]);
});
