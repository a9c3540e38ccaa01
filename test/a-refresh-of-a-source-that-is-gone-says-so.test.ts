import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { openGateway, P, tempDir, waitFor, type TestGateway } from './gateway/helpers.js';

// A cache or materialized refresh reading a connected file that is gone failed with DuckDB's words,
// `Binder Error: Catalog "visits" does not exist!` (the connection did not open) or `Permission
// Error: Cannot access file ".../visits.csv/**/*.csv" - file system operations are disabled` (gone
// since the project opened, on dgw serve), where SQL reading it says which file is gone.

const tmp = tempDir('dgw-refresh-source-gone-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');
const folder = join(tmp.dir, 'csvs');
const file = join(folder, 'visits.csv');

beforeAll(() => {
  mkdirSync(folder);
  writeFileSync(file, 'visitor,page\n7,/pricing\n8,/home\n');
});

describe('in-process, where the connection no longer opens', () => {
  it('a cache refresh and a materialized refresh fail naming the connection and the file', async () => {
    await dgw('connection', 'create', 'visits', '--type', 'csv', '--field', `path=${file}`);
    await dgw('cache', 'create', 'visits.main.visits');
    await dgw('mtquery', 'create', 'every visit', '--sql', 'SELECT * FROM visits.main.visits');
    renameSync(file, `${file}.away`);
    try {
      const why = `catalog visits cannot be read: its connection visits did not open (no csv file at ${file})`;
      const cache = await run('cache', 'refresh', 'visits.main.visits', '--wait');
      expect([cache.code, cache.stderr]).toEqual([10, expect.stringContaining(why)]);
      const query = await run('mtquery', 'refresh', 'everyvisit', '--wait');
      expect([query.code, query.stderr]).toEqual([10, expect.stringContaining(why)]);
      expect(await json('sql', 'SELECT count(*) AS n FROM svc.cache.visits')).toEqual([{ n: '2' }]);
    } finally {
      renameSync(`${file}.away`, file);
    }
  });
});

describe('on a gateway that stays open, where the file went since it opened', () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await openGateway({ dataDir: join(tmp.dir, 'served') });
    expect((await g.call('POST', '/connections/demo', { body: { name: 'visits', type: 'csv', credential: { path: folder } } })).status).toBe(200);
  });
  afterAll(() => g.close());

  it('a cache refresh and a materialized refresh fail naming the file that is gone', async () => {
    const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: (await g.call('GET', `${P}/catalogs`)).body.find((c: { name: string }) => c.name === 'visits').id, schemaName: 'main', tableName: 'visits' } });
    expect(cache.status).toBe(200);
    expect((await g.call('GET', `${P}/cache/${cache.body.id}/status?waitMs=30000`)).body.status).toBe('COMPLETED');
    const query = await g.call('POST', `${P}/queries`, { body: { displayName: 'every visit', inputQuery: 'SELECT * FROM visits.main.visits', queryType: 'MATERIALIZED' } });
    expect(query.status).toBe(200);
    renameSync(file, `${file}.away`);
    try {
      const why = `the file ${file} of connection visits cannot be read: it is gone or was moved since the project opened`;
      expect((await g.call('POST', `${P}/cache/${cache.body.id}/fullRefreshUpdate`)).status).toBe(200);
      const cached = await g.call('GET', `${P}/cache/${cache.body.id}/status?waitMs=30000`);
      expect(cached.body.lastFullRefreshCacheExecution).toMatchObject({ status: 'FAILED', error: { message: why } });
      expect((await g.call('POST', `${P}/materialized-queries/${query.body.id}/refresh`)).status).toBeLessThan(300);
      const status = () => g.call('GET', `${P}/materialized-queries/${query.body.id}/status`).then((r) => r.body);
      expect(await waitFor(async () => ((await status()).status === 'RUNNING' ? undefined : status()), 'the refresh')).toMatchObject({ status: 'FAILED', message: why });
    } finally {
      renameSync(`${file}.away`, file);
    }
  });
});
