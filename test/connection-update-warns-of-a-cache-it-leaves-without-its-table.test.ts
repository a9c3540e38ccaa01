import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A CSV connection's table is named for its file: pointing the connection at another file left the
// cache of the old table behind without a word, its next refresh failing.

const tmp = tempDir('dgw-conn-update-cache-');
afterAll(() => tmp.remove());

describe('connection update that leaves a cache without its table', () => {
  const { dgw, run } = localCli(tmp.dir, 'spec');

  it('is made, and warns naming the cache and how to remove it; no warning while the table is there', async () => {
    const items = join(tmp.dir, 'items.csv');
    const stock = join(tmp.dir, 'stock.csv');
    writeFileSync(items, 'id,qty\n1,2\n');
    copyFileSync(items, stock);
    await dgw('connection', 'create', 'files', '--type', 'csv', '--field', `path=${items}`);
    await dgw('cache', 'create', 'files.main.items');
    const moved = await run('connection', 'update', 'files', '--field', `path=${stock}`);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stderr).toContain('warning: cache files.main.items copies a table connection files no longer has: its refreshes fail until the table is back (`dgw --zone local cache rm files.main.items` removes it)\n');
    expect(moved.stderr).toContain('✓ updated connection files');
    const back = await run('connection', 'update', 'files', '--field', `path=${items}`);
    expect([back.code, back.stderr]).toEqual([0, expect.not.stringContaining('warning')]);
    const renamed = await run('connection', 'update', 'files', '--name', 'files2');
    expect([renamed.code, renamed.stderr]).toEqual([0, expect.not.stringContaining('warning')]);
  });
});
