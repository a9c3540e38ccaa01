import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { useStandIn } from './support/stand-in.js';

// connection create refused because its catalog's name is taken (409, exit 5): the hint names what
// holds the name, found in the document's connection and catalog listings, not in the refusal's
// wording, which the hint was parsed from (a hosted service saying it otherwise got the hint to
// update a connection of that name, which did not exist).

const tmp = tempDir('dgw-connection-taken-');
afterAll(() => tmp.remove());
const { server, dgw } = useStandIn();

const CSV_CONFIG = { connectionType: 'csv', label: 'CSV', authorizationType: 'custom', configurationFields: [{ name: 'path', required: true }] };

describe('connection create of a name whose catalog is taken', () => {
  it('on the local gateway: the hint names the connection whose catalog has it, or the catalog, and its step works', async () => {
    const people = path.join(tmp.dir, 'people.csv');
    fs.writeFileSync(people, 'id\n1\n');
    const { run, dgw: ok } = localCli(tmp.dir, 'spec');
    await ok('connection', 'create', 's', '--type', 'csv', '--field', `path=${people}`);
    await ok('connection', 'update', 's', '--name', 'my shop');
    const renamed = await run('connection', 'create', 's', '--type', 'csv', '--field', `path=${people}`);
    expect(renamed.code).toBe(5);
    expect(renamed.stderr).toMatch(/^hint: the catalog of connection 'my shop' has that name \(a renamed connection's catalog keeps its name; `dgw (--zone local )?catalog create NEW_NAME 'my shop'` renames it, once\)/m);
    await ok('catalog', 'create', 'shop', 'my shop');
    await ok('connection', 'create', 's', '--type', 'csv', '--field', `path=${people}`);

    await ok('semantic-catalog', 'create', 'sales');
    const semantic = await run('connection', 'create', 'Sales', '--type', 'csv', '--field', `path=${people}`);
    expect(semantic.code).toBe(5);
    expect(semantic.stderr).toMatch(/^hint: catalog sales \(SEMANTIC\) has that name; a name of its own makes another connection$/m);
  });

  it('on a service that words the refusal otherwise: the same hint, from its listings', async () => {
    server.on('GET', '/connections/config/csv', { json: CSV_CONFIG });
    server.on('POST', '/connections/proj-1', { status: 409, json: { errorCode: 'CONFLICT', message: 'Catalog name s already exists in this project' } });
    server.on('GET', '/connections/proj-1', { json: [{ id: 'c-9', name: 'my shop', type: 'csv' }] });
    server.on('GET', '/data/projects/proj-1/catalogs', { json: [{ id: '41', name: 's', displayName: 's', catalogType: 'csv', connectionId: 'c-9' }] });
    const r = await dgw(['connection', 'create', 's', '--type', 'csv', '--field', 'path=/data/people.csv']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('error: Catalog name s already exists in this project');
    expect(r.stderr).toMatch(/^hint: the catalog of connection 'my shop' has that name .*`dgw catalog create NEW_NAME 'my shop'` renames it/m);
  });

  it('when the listings name no holder (or cannot be read): a hint that names no connection, and still exit 5', async () => {
    server.on('GET', '/connections/config/csv', { json: CSV_CONFIG });
    server.on('POST', '/connections/proj-1', { status: 409, json: { errorCode: 'CONFLICT', message: 'Name already exists' } });
    server.on('GET', '/connections/proj-1', { status: 500, json: { errorCode: 'INTERNAL', message: 'down' } });
    const r = await dgw(['connection', 'create', 's', '--type', 'csv', '--field', 'path=/data/people.csv']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^hint: a connection or a catalog has that name \(`dgw connection list`, `dgw catalog list`\); a name of its own makes another connection$/m);
  });
});
