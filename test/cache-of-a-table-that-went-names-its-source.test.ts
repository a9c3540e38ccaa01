import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A cache whose source table went (its file left the connection's folder, or `connection update`
// pointed it at other files) failed its refresh with DuckDB's "Table with name visits does not
// exist! Did you mean "svc.cache.visits"?": the cache's own copy offered as the source.

const tmp = tempDir('dgw-cache-source-went-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');
const folder = join(tmp.dir, 'csvs');

beforeAll(async () => {
  mkdirSync(folder);
  writeFileSync(join(folder, 'visits.csv'), 'visitor,page\n7,/pricing\n');
  writeFileSync(join(folder, 'other.csv'), 'n\n1\n');
  await dgw('connection', 'create', 'site', '--type', 'csv', '--field', `path=${folder}`);
  await dgw('cache', 'create', 'site.main.visits');
});

it('its refresh fails naming the source table that is gone, not its copy, and keeps the copy', async () => {
  rmSync(join(folder, 'visits.csv'));
  const refresh = await run('cache', 'refresh', 'site.main.visits', '--wait');
  expect(refresh.code).toBe(10);
  expect(refresh.stderr).toMatch(/refresh of cache site\.main\.visits failed: no table site\.main\.visits: catalog site \(\d+\) has no table main\.visits\n/);
  expect(refresh.stderr).not.toContain('svc.cache');
  expect(await json('sql', 'SELECT page FROM svc.cache.visits')).toEqual([{ page: '/pricing' }]);
});
