import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A cache's SOURCE was shown as the catalog's id (922478336079044507.main.items), a table the user
// had named shop.main.items. Lists and records now show the catalog's name; JSON keeps `source`
// by id, its documented form, and still carries catalogId, schemaName and tableName. create and update
// showed the id too (for a table not named with its catalog) while get showed the name.
const tmp = tempDir('dgw-cache-source-');
afterAll(() => tmp.remove());
const folder = path.join(tmp.dir, 'files');
fs.mkdirSync(folder);
fs.writeFileSync(path.join(folder, 'items.csv'), 'id,v\n1,a\n2,b\n');

describe('a cache source', () => {
  it('is shown by its catalog name in create, update, list, status and get; by id in JSON', async () => {
    const { dgw, json } = localCli(tmp.dir, 'spec');
    await dgw('connection', 'create', 'shop', '--type', 'csv', '--field', `path=${folder}`);
    await dgw('sql', 'CREATE TABLE svc.table.events AS SELECT 1 AS id');
    await dgw('cache', 'create', 'shop.main.items');
    expect(await dgw('cache', 'create', 'events')).toMatch(/^SOURCE\tsvc\.table\.events$/m);
    expect(await dgw('cache', 'update', 'items', '--every', '1d')).toMatch(/^SOURCE\tshop\.main\.items$/m);
    const lines = (await dgw('cache', 'list')).trim().split('\n');
    expect(lines.map((l) => l.split('\t')[1]).sort()).toEqual(['shop.main.items', 'svc.table.events']);
    expect(await dgw('cache', 'get', 'items')).toMatch(/^SOURCE\tshop\.main\.items$/m);
    expect(await dgw('cache', 'status', 'shop.main.items')).toMatch(/^SOURCE\tshop\.main\.items$/m);
    const catalogId = (await json('catalog', 'list')).find((c: { name: string }) => c.name === 'shop').id;
    expect(await json('cache', 'get', 'items')).toMatchObject({ source: `${catalogId}.main.items`, catalogId, schemaName: 'main', tableName: 'items' });
    expect(await json('cache', 'update', 'items', '--no-schedule')).toMatchObject({ source: `${catalogId}.main.items` });
    expect((await json('cache', 'list')).map((c: { source: string }) => c.source).sort()).toEqual([`${catalogId}.main.items`, '1.table.events'].sort());
  });
});
