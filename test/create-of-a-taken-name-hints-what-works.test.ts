import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// A create of a name that is taken is refused (409, exit 5); the hint names the command that does
// what was likely meant (update the query or connection, refresh the cache, add columns), which works.
const tmp = tempDir('dgw-query-taken-');
afterAll(() => tmp.remove());
const { server, dgw } = useStandIn();

describe('a create of a name that is taken', () => {
  it('on the local gateway: the hint names query update, which then changes the query', async () => {
    const { run, dgw: ok } = localCli(tmp.dir, 'spec');
    await ok('query', 'create', 'Daily Revenue', '--sql', 'SELECT 1 AS one');
    for (const verb of [['query', 'create'], ['mtquery', 'create']]) {
      const r = await run(...verb, 'Daily Revenue', '--sql', 'SELECT 2 AS two');
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/^hint: `dgw (--zone local )?query update dailyrevenue` changes that query \(--sql, --file\); a display name of its own makes another$/m);
    }
    await ok('query', 'update', 'dailyrevenue', '--sql', 'SELECT 2 AS two');
    expect(await ok('query', 'get', 'dailyrevenue', '--json', 'inputQuery')).toContain('SELECT 2 AS two');
  });

  it.each([
    ['connection', ['connection', 'create', 'my files', '--type', 'csv', '--field', 'path=PEOPLE'], /^hint: `dgw (--zone local )?connection update 'my files'` changes that connection/m, ['connection', 'update', 'my files', '--field', 'path=PEOPLE']],
    ['cache', ['cache', 'create', 'svc.table.orders'], /^hint: `dgw (--zone local )?cache refresh svc\.table\.orders` copies it again/m, ['cache', 'refresh', 'svc.table.orders', '--wait']],
    ['table', ['table', 'create', 'notes', '--column', 'x:varchar'], /^hint: `dgw (--zone local )?table add-column notes` adds columns to it$/m, ['table', 'add-column', 'notes', 'y:varchar']],
    ['BI table', ['bitable', 'create', 'facts', '--column', 'x:varchar'], /^hint: `dgw (--zone local )?bitable add-column facts` adds columns to it$/m, ['bitable', 'add-column', 'facts', 'y:varchar']],
  ])('%s create on the local gateway: the hint names the command meant, which works', async (_what, create, hint, meant) => {
    const people = path.join(tmp.dir, 'people.csv');
    fs.writeFileSync(people, 'id\n1\n');
    const args = (a: string[]) => a.map((x) => x.replace('PEOPLE', people));
    const { run } = localCli(tmp.dir, 'spec');
    expect((await run(...args(create))).code).toBe(0);
    const again = await run(...args(create));
    expect(again.code).toBe(5);
    expect(again.stderr).toMatch(hint);
    const followed = await run(...args(meant));
    expect(followed.code, followed.stderr).toBe(0);
  });

  it('connection create of the name a renamed connection had: the hint names the connection whose catalog has it, and its step works', async () => {
    const people = path.join(tmp.dir, 'renamed.csv');
    fs.writeFileSync(people, 'id\n1\n');
    const { run, dgw: ok } = localCli(path.join(tmp.dir, 'renamed'), 'spec');
    await ok('connection', 'create', 's', '--type', 'csv', '--field', `path=${people}`);
    await ok('connection', 'update', 's', '--name', 'shop');
    const again = await run('connection', 'create', 's', '--type', 'csv', '--field', `path=${people}`);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('a catalog named s exists already: connection "shop" has it');
    expect(again.stderr).toMatch(/^hint: the catalog of connection shop has that name \(a renamed connection's catalog keeps its name; `dgw (--zone local )?catalog create NEW_NAME shop` renames it, once\)/m);
    await ok('catalog', 'create', 'shop', 'shop');
    expect(await ok('sql', 'SELECT id FROM shop.main.renamed')).toBe('1\n');
    await ok('connection', 'create', 's', '--type', 'csv', '--field', `path=${people}`);
  });

  it('on the hosted service, whose create answers 409: the same hint, found in its listing of queries', async () => {
    server.on('POST', '/data/projects/proj-1/queries', { status: 409, json: { errorCode: 'CONFLICT', message: 'Query with name dailyrevenue already exists' } });
    server.on('GET', '/data/projects/proj-1/queries', { json: [queryJson({ displayName: 'Daily Revenue', name: 'dailyrevenue' })] });
    const r = await dgw(['query', 'create', 'Daily Revenue', '--sql', 'SELECT 1']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^hint: `dgw query update dailyrevenue` changes that query/m);
  });

  it('a service that words the refusal otherwise gets the hint from its listings; a 409 for a name not in use gets none', async () => {
    server.on('POST', '/data/projects/proj-1/queries', { status: 409, json: { errorCode: 'DUPLICATE', message: 'Duplicate display name' } });
    server.on('GET', '/data/projects/proj-1/queries', { json: [queryJson({ displayName: 'Daily Revenue', name: 'dailyrevenue' })] });
    expect((await dgw(['query', 'create', 'Daily Revenue', '--sql', 'SELECT 1'])).stderr).toMatch(/^hint: `dgw query update dailyrevenue` changes that query/m);
    const free = await dgw(['query', 'create', 'Weekly Revenue', '--sql', 'SELECT 1']);
    expect(free.code).toBe(5);
    expect(free.stderr).not.toContain('hint:');

    server.on('POST', '/data/projects/proj-1/table/notes', { status: 409, json: { errorCode: 'DUPLICATE', message: 'Duplicate table' } });
    server.on('GET', '/data/projects/proj-1/table', { json: [{ catalogId: '1', catalogName: 'svc', schemaName: 'table', tableName: 'Notes', isCached: false, isCacheable: true, supportedCacheTypes: [], isDynamicTable: false }] });
    expect((await dgw(['table', 'create', 'notes'])).stderr).toMatch(/^hint: `dgw table add-column notes` adds columns to it$/m);
    server.on('GET', '/data/projects/proj-1/table', { json: [] });
    expect((await dgw(['table', 'create', 'notes'])).stderr).not.toContain('hint:');
  });
});
