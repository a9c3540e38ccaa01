import { linkSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir } from './helpers.js';

// A connection reads any file the gateway's user can, so none may land in the data folder, where
// keys.json holds the partner key a project key must never read. Judged by where each file really
// is, whatever spelling reached it: a glob, a link (also one pointed there after the connection was
// made), a hard link (which realpath cannot see), or the data folder itself given through a link.

const work = tempDir('dgw-conn-guard-');
afterAll(() => work.remove());

describe('a connection never reads the data folder', () => {
  const json = join(work.dir, 'harmless.json');
  writeFileSync(json, '[{"k": 1}]');

  it('not through a glob that matches keys.json', async () => {
    const dataDir = join(work.dir, 'glob');
    const g = await openGateway({ dataDir, seed: false });
    try {
      const r = await g.call('POST', '/connections/demo', { body: { name: 'g', type: 'json', credential: { path: join(work.dir, 'glo?', 'keys.json') } } });
      expect([r.status, r.body.message]).toEqual([400, expect.stringContaining("in the local gateway's own data folder, which a connection cannot read")]);
      expect((await g.call('GET', '/connections/demo')).body).toEqual([]);
    } finally {
      await g.close();
    }
  });

  it('not through a link pointed at keys.json after the connection was made: the view reads the file the link named then', async () => {
    const dataDir = join(work.dir, 'relinked');
    const link = join(work.dir, 'link.json');
    symlinkSync(json, link);
    const g = await openGateway({ dataDir, seed: false });
    try {
      expect((await g.call('POST', '/connections/demo', { body: { name: 'sl', type: 'json', credential: { path: link } } })).status).toBe(200);
      const sql = () => g.call('POST', `${P}/queries/execute?format=COMPACT`, { key: g.demoKey, body: { statement: 'SELECT * FROM sl.main.link' } });
      // The project is open with the connection attached.
      const first = await sql();
      expect(first.body.data, first.text).toEqual([['1']]);
      unlinkSync(link);
      symlinkSync(join(dataDir, 'keys.json'), link);
      const read = await sql();
      expect(read.text).not.toContain(g.partnerKey);
      expect(read.body.data, read.text).toEqual([['1']]);
    } finally {
      await g.close();
    }
    // Opened again, the link's target is judged again: the connection does not open.
    const again = await openGateway({ dataDir, seed: false });
    try {
      const read = await again.call('POST', `${P}/queries/execute?format=COMPACT`, { key: again.demoKey, body: { statement: 'SELECT * FROM sl.main.link' } });
      expect(read.status).toBe(400);
      expect(read.text).not.toContain(again.partnerKey);
      expect(read.body.message).toContain('its connection sl did not open');
    } finally {
      await again.close();
    }
  });

  it('not through a hard link to keys.json, named alone or found in a folder or by a glob', async () => {
    const dataDir = join(work.dir, 'hard');
    const g = await openGateway({ dataDir, seed: false });
    try {
      const outside = join(work.dir, 'hard-linked');
      mkdirSync(outside);
      const link = join(outside, 'k.json');
      linkSync(join(dataDir, 'keys.json'), link);
      for (const path of [link, outside, join(outside, '*.json')]) {
        const r = await g.call('POST', '/connections/demo', { body: { name: 'h', type: 'json', credential: { path } } });
        expect([r.status, r.body.message], path).toEqual([400, expect.stringContaining(`${link} is a hard link to ${join(dataDir, 'keys.json')}, in the local gateway's own data folder, which a connection cannot read`)]);
      }
      expect((await g.call('GET', '/connections/demo')).body).toEqual([]);
      // A file with links of its own elsewhere is read as before.
      linkSync(json, join(outside, 'twin.json'));
      unlinkSync(link);
      expect((await g.call('POST', '/connections/demo', { body: { name: 'twin', type: 'json', credential: { path: outside } } })).status).toBe(200);
    } finally {
      await g.close();
    }
  });

  it('not when the data folder itself was given through a link and the connection names its real path', async () => {
    const real = join(work.dir, 'real');
    mkdirSync(real);
    const linked = join(work.dir, 'linked');
    symlinkSync(real, linked);
    const g = await openGateway({ dataDir: linked, seed: false });
    try {
      const r = await g.call('POST', '/connections/demo', { body: { name: 'k', type: 'json', credential: { path: join(real, 'keys.json') } } });
      expect([r.status, r.body.message]).toEqual([400, expect.stringContaining('data folder')]);
    } finally {
      await g.close();
    }
  });
});
