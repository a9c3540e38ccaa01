import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `metadata refresh --catalog wx --wait` ended with "metadata of catalog 408540721658696292
// refreshed", and `metadata describe wx.main.weather` with "described main.weather": the user
// named the catalog, and was answered with an id or nothing.

const tmp = tempDir('dgw-metadata-names-');
afterAll(() => tmp.remove());

describe('metadata commands say a catalog by the name given', () => {
  const { run } = localCli(tmp.dir, 'spec');

  it('refresh --catalog NAME and describe CATALOG.SCHEMA.TABLE', async () => {
    writeFileSync(join(tmp.dir, 'weather.csv'), 'city,temp\nOslo,3.5\n');
    expect((await run('connection', 'create', 'wx', '--type', 'csv', '--field', `path=${join(tmp.dir, 'weather.csv')}`)).code).toBe(0);
    const refresh = await run('metadata', 'refresh', '--catalog', 'wx', '--wait');
    expect(refresh.code).toBe(0);
    expect(refresh.stderr).toContain('metadata of catalog wx refreshed');
    const described = await run('metadata', 'describe', 'wx.main.weather', '--description', 'daily temperatures');
    expect(described.code).toBe(0);
    expect(described.stderr).toContain('described wx.main.weather');
  });

  it('a refresh of every catalog still counts them', async () => {
    const r = await run('metadata', 'refresh', '--wait');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/metadata of \d+ catalogs refreshed/);
  });
});
