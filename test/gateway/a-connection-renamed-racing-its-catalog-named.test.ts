import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, tempDir, type TestGateway } from './helpers.js';

// A connection update and a catalog create on the same connection at once: the update wrote the
// connection as the project opened it, so a catalog name committed in between was silently undone.
// Whatever the order, both changes must stand.

const work = tempDir('dgw-conn-rename-race-');
const csv = join(work.dir, 'visits.csv');
let gw: TestGateway;
beforeAll(async () => {
  writeFileSync(csv, 'i,page\n1,/a\n2,/b\n');
  gw = await openGateway({ dataDir: join(work.dir, 'data'), seed: false });
});
afterAll(async () => {
  await gw.close();
  work.remove();
});

it('a connection renamed racing a catalog create on it: both changes stand', async () => {
  for (let i = 0; i < 12; i += 1) {
    const made = await gw.call('POST', '/connections/demo', { body: { name: `files${i}`, type: 'csv', credential: { path: csv } } });
    expect(made.status, made.text).toBe(200);
    const id = String(made.body.id);
    // Both queue for the held writer; the rename starts after 0 to 2 reads, so either may go first.
    const rename = async () => {
      for (let k = 0; k < Math.floor(i / 2) % 3; k += 1) await gw.call('GET', `${P}/catalogs`);
      return gw.call('PUT', `/connections/demo/${id}`, { body: { name: `renamed${i}` } });
    };
    const name = () => gw.call('POST', `${P}/catalogs`, { body: { name: `named${i}`, connectionId: id } });
    const project = await gw.gateway.project('demo', { create: false });
    const [renamed, named] = await raceBehindWriter(project, rename, name, i % 2 === 1);
    const catalog = (await gw.call('GET', `${P}/catalogs`)).body.find((c: { connectionId: string | null }) => c.connectionId === id);
    const connection = (await gw.call('GET', `/connections/demo/${id}`)).body;
    expect([renamed.status, named.status], `${i}: ${renamed.text} ${named.text}`).toEqual([200, 200]);
    expect([connection.name, catalog.name, catalog.displayName], `${i}`).toEqual([`renamed${i}`, `named${i}`, `named${i}`]);
  }
});
