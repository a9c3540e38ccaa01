import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `connection update wx --name Weather` said only that it was updated; SQL then naming weather.main.*
// failed, as the catalog keeps the name wx. The rename now says by which name SQL reads the tables.
const tmp = tempDir('dgw-connection-rename-');
afterAll(() => tmp.remove());
const csv = path.join(tmp.dir, 'weather.csv');
fs.writeFileSync(csv, 'day,temp\n2026-01-01,3\n');
const { run, dgw } = localCli(tmp.dir, 'spec');

it('a renamed connection says the catalog name SQL reads its tables by, unless it is the new name', async () => {
  await dgw('connection', 'create', 'wx', '--type', 'csv', '--field', `path=${csv}`);
  const renamed = await run('connection', 'update', 'wx', '--name', 'Weather');
  expect(renamed.code, renamed.stderr).toBe(0);
  expect(renamed.stderr).toContain('SQL reads its tables as wx.SCHEMA.TABLE, by its catalog\'s name (`dgw --zone local catalog list`)');
  expect(await dgw('sql', 'SELECT temp FROM wx.main.weather')).toBe('3\n');
  const back = await run('connection', 'update', 'Weather', '--name', 'WX');
  expect(back.code, back.stderr).toBe(0);
  expect(back.stderr).not.toContain('SQL reads');
});
