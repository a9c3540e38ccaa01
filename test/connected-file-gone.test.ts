import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/gateway/server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';

// A connected file that goes away is named as gone, not in DuckDB's words for what followed
// ("Catalog does not exist", "file system operations are disabled by configuration").

const tmp = tempDir('dgw-file-gone-');
afterAll(() => tmp.remove());

describe('a connected file that is gone', () => {
  it('in-process: a connection whose only file went says it did not open, and why', async () => {
    const { dgw, run } = localCli(join(tmp.dir, 'alone'), 'spec');
    const file = join(tmp.dir, 'one.csv');
    writeFileSync(file, 'a\n1\n');
    await dgw('connection', 'create', 'gone', '--type', 'csv', '--field', `path=${file}`);
    rmSync(file);
    for (const format of ['tsv', 'csv']) {
      const r = await run('sql', 'SELECT * FROM gone.main.one', '--format', format);
      expect(r.code).toBe(6);
      expect(r.stderr).toContain(`catalog gone cannot be read: its connection gone did not open (no csv file at ${file})`);
    }
  });

  it('catalog search still finds the other catalogs\' tables when a connected file is gone, and warns of the one it could not search', async () => {
    const { dgw, run } = localCli(join(tmp.dir, 'search'), 'spec');
    const file = join(tmp.dir, 'vanishing.csv');
    writeFileSync(file, 'a\n1\n');
    await dgw('connection', 'create', 'vanished', '--type', 'csv', '--field', `path=${file}`);
    rmSync(file);
    const r = await run('catalog', 'search', 'orders');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('table\tsvc\ttable\torders\n');
    expect(r.stderr).toMatch(/^warning: catalog vanished was not searched: its connection did not open \(`dgw .*catalog schemas vanished` says why\)\n$/);
    expect((await run('catalog', 'schemas', 'vanished')).stderr).toContain(`its connection vanished did not open (no csv file at ${file})`);
    expect((await run('catalog', 'search', 'orders', '--catalog', 'svc')).stderr).toBe('');
  });

  it('metadata get, refresh and status of every catalog still run: that catalog\'s refresh fails, saying why', async () => {
    const { dgw, json, run } = localCli(join(tmp.dir, 'metadata'), 'spec');
    const file = join(tmp.dir, 'meta.csv');
    writeFileSync(file, 'a\n1\n');
    await dgw('connection', 'create', 'gone', '--type', 'csv', '--field', `path=${file}`);
    await dgw('metadata', 'refresh', '--wait');
    rmSync(file);
    expect((await json('metadata', 'get')).map((t: { tableName: string }) => t.tableName)).toContain('meta');
    const refreshed = await run('metadata', 'refresh', '--wait');
    expect(refreshed.code).toBe(10);
    expect(refreshed.stderr).toContain('its connection gone did not open');
    const statuses = await json('metadata', 'status');
    expect(statuses.map((x: { status: string }) => x.status)).toEqual(['COMPLETED', 'COMPLETED', 'FAILED']);
  });

  it('served: a file of a folder connection removed while dgw serve runs is named as gone', async () => {
    const folder = join(tmp.dir, 'folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'f1.csv'), 'a\n1\n');
    writeFileSync(join(folder, 'f2.csv'), 'a\n2\n');
    const dataDir = join(tmp.dir, 'served');
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'served-config'), DGW_LOCAL_DIR: dataDir };
    const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
    expect((await dgw('connection', 'create', 'grow', '--type', 'csv', '--field', `path=${folder}`)).code).toBe(0);
    const other = join(tmp.dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'f3.csv'), 'a\n3\n');
    symlinkSync(other, join(tmp.dir, 'link-to-folder'));
    expect((await dgw('connection', 'create', 'vialink', '--type', 'csv', '--field', `path=${join(tmp.dir, 'link-to-folder')}`)).code).toBe(0);
    const server = await startServer({ dataDir, port: 0 });
    try {
      rmSync(join(folder, 'f1.csv'));
      const r = await dgw('sql', 'SELECT * FROM grow.main.f1');
      expect(r.code).toBe(6);
      expect(r.stderr).toContain(`the file ${join(folder, 'f1.csv')} of connection grow cannot be read: it is gone or was moved since the project opened`);
      expect((await dgw('sql', 'SELECT * FROM grow.main.f2')).stdout).toBe('2\n');
      // Listed as in-process lists it: the file that went is no table of the catalog (it was listed as one).
      expect((await dgw('catalog', 'tables', 'grow', 'main', '--json', 'tableName')).stdout).toBe('[{"tableName":"f2"}]\n');
      expect((await dgw('catalog', 'search', 'f1')).stdout).toBe('');
      const stats = await dgw('catalog', 'stats', 'grow.main.f1');
      expect(stats.code).toBe(6);
      expect(stats.stderr).toContain(`the file ${join(folder, 'f1.csv')} of connection grow cannot be read: it is gone`);
      // Connected through a link to the folder, the file is named where it really was.
      rmSync(join(other, 'f3.csv'));
      const linked = await dgw('sql', 'SELECT * FROM viaLink.main.f3');
      expect(linked.code).toBe(6);
      expect(linked.stderr).toContain(`the file ${join(other, 'f3.csv')} of connection vialink cannot be read: it is gone`);
    } finally {
      await server.close();
    }
  });

  it('served: a file two connections share, gone, names both connections, not only the first made', async () => {
    const file = join(tmp.dir, 'fruit.csv');
    writeFileSync(file, 'a\n1\n');
    const dataDir = join(tmp.dir, 'twins');
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'twins-config'), DGW_LOCAL_DIR: dataDir };
    const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
    for (const name of ['twina', 'twinb']) expect((await dgw('connection', 'create', name, '--type', 'csv', '--field', `path=${file}`)).code).toBe(0);
    const server = await startServer({ dataDir, port: 0 });
    try {
      rmSync(file);
      const r = await dgw('sql', 'SELECT * FROM twinb.main.fruit');
      expect(r.code).toBe(6);
      expect(r.stderr).toContain(`the file ${file} of connections twina, twinb cannot be read: it is gone`);
      // Its only file gone, the catalog lists no table and says why (in-process: the connection did not open).
      const tables = await dgw('catalog', 'tables', 'twina', 'main');
      expect(tables.code).toBe(4);
      expect(tables.stderr).toContain(`catalog twina cannot be read: its connection twina has no csv file at ${file} any more (gone or moved since the project opened)`);
    } finally {
      await server.close();
    }
  });
});

describe('a file that is there, in a connected folder, but not one of its tables', () => {
  it('read by SQL directly is refused in DuckDB\'s words, not said to be gone', async () => {
    const { dgw, run } = localCli(join(tmp.dir, 'other-file'), 'spec');
    const folder = join(tmp.dir, 'cf');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.csv'), 'a,b\n1,2\n');
    writeFileSync(join(folder, 'notes.txt'), 'hello\n');
    await dgw('connection', 'create', 'cfc', '--type', 'csv', '--field', `path=${folder}`);
    const r = await run('sql', `SELECT * FROM read_blob('${join(folder, 'notes.txt')}')`);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toContain('is gone or was moved');
    expect(r.stderr).toContain('file system operations are disabled');
  });
});
