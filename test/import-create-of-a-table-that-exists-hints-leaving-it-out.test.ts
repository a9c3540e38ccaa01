import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { useStandIn } from './support/stand-in.js';

// `table import --create` of a table that exists is refused (409, exit 5); the hint says the rows
// go into that table without --create, and the line it names then works.
const tmp = tempDir('dgw-import-exists-');
afterAll(() => tmp.remove());
const file = path.join(tmp.dir, 'people.csv');
fs.writeFileSync(file, 'id,name\n1,Ann\n2,Bob\n');
const { server, dgw } = useStandIn();

describe('table import --create of a table that exists', () => {
  it('on the local gateway: the hint says to leave out --create, which then adds the rows', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    expect((await run('table', 'import', 'people', file, '--create')).code).toBe(0);
    const again = await run('table', 'import', 'people', file, '--create');
    expect(again.code).toBe(5);
    expect(again.stderr).toMatch(/^error: table people already exists/m);
    expect(again.stderr).toMatch(/^hint: to add the rows to table people, leave out --create$/m);
    expect((await run('table', 'import', 'people', file)).code).toBe(0);
    expect((await run('sql', 'SELECT count(*) FROM svc.table.people')).stdout).toBe('4\n');
  });

  it('on the hosted service, whose create answers 409 and whose list has the table: the same hint, and nothing imported', async () => {
    server.on('POST', '/data/projects/proj-1/table/people', { status: 409, json: { errorCode: 'CONFLICT', message: 'Table people already exists' } });
    server.on('GET', '/data/projects/proj-1/table/people/columns', { json: [{ id: 'c1', name: 'id', dataType: 'BIGINT' }] });
    server.on('GET', '/data/projects/proj-1/table', { json: [{ catalogId: '1', catalogName: 'svc', schemaName: 'table', tableName: 'people', isCached: false, isCacheable: true, supportedCacheTypes: [], isDynamicTable: false }] });
    const r = await dgw(['table', 'import', 'people', file, '--create']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^hint: to add the rows to table people, leave out --create$/m);
    expect(server.requests.some((q) => q.path.endsWith('/import'))).toBe(false);
  });
});
