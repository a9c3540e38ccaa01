import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// `query update` catches locally what the service would refuse (--from or a schedule on a plain
// query), as `query create` does, and says when --name changes the SQL name that other queries read.

const { server, dgw } = useStandIn();
const PLAIN_ID = '3f2b8c1e-0000-4000-8000-00000000000a';
const MAT_ID = '3f2b8c1e-0000-4000-8000-00000000000b';
const QUERIES = [
  queryJson({ id: PLAIN_ID, name: 'rev', displayName: 'Rev', inputQuery: 'SELECT status FROM svc.table.orders' }),
  queryJson({ id: MAT_ID, name: 'snap', displayName: 'Snap', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1' }),
  queryJson({ id: 'q-reader', name: 'reader', inputQuery: 'SELECT * FROM "svc"."query"."REV" r' }),
  queryJson({ id: 'q-mat-reader', name: 'mat_reader', inputQuery: 'SELECT * FROM peaka.mtquery.rev' }),
  queryJson({ id: 'q-string', name: 'in_a_string', inputQuery: "SELECT 'svc.query.rev' AS x -- svc.query.rev" }),
];
const puts = () => server.requests.filter((r) => r.method === 'PUT');
const listRoute = () => server.on('GET', /\/queries$/, { json: QUERIES });

describe('--from and schedules need a materialized query', () => {
  // The query's type is known only from a read: refused after it, so exit 14 (exit 2 says nothing was sent).
  it('query update PLAIN --from X is exit 14 (after the read), and no update is sent (by name: the list alone)', async () => {
    listRoute();
    const r = await dgw(['query', 'update', 'rev', '--from', 'snap']);
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('only reads were sent before this was found (1 request): nothing was changed');
    expect(r.stderr).toMatch(/^error: --from copies SQL into a materialized query, and rev is a plain query: add --materialized to convert it/m);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('by id: one read of the query, then exit 14', async () => {
    server.on('GET', new RegExp(`/queries/${PLAIN_ID}$`), { json: QUERIES[0] });
    const r = await dgw(['query', 'update', PLAIN_ID, '--from', MAT_ID]);
    expect(r.code).toBe(14);
    expect(server.requests.map((q) => `${q.method} ${q.path.split('/').at(-1)}`)).toEqual([`GET ${PLAIN_ID}`]);
  });

  it('a schedule on a plain query is exit 14 too; --no-schedule is not', async () => {
    listRoute();
    const every = await dgw(['query', 'update', 'rev', '--every', '1h']);
    expect(every.code).toBe(14);
    expect(puts()).toHaveLength(0);
    expect(every.stderr).toMatch(/schedules apply to materialized queries, and rev is a plain query/);
    server.on('PUT', /\/queries\//, { json: QUERIES[0] });
    const none = await dgw(['query', 'update', 'rev', '--no-schedule']);
    expect(none.code, none.stderr).toBe(0);
    expect(puts()).toHaveLength(1);
  });

  it('with --materialized the plain query is converted and the update is sent (--yes: saved queries read svc.query.rev)', async () => {
    listRoute();
    server.on('PUT', /\/queries\//, { json: { ...QUERIES[0], queryType: 'MATERIALIZED' } });
    const r = await dgw(['query', 'update', 'rev', '--from', 'snap', '--materialized', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[0].json).toEqual({ queryType: 'MATERIALIZED', inputQueryRefId: MAT_ID });
  });

  it('a materialized query takes --from as before', async () => {
    listRoute();
    server.on('PUT', /\/queries\//, { json: QUERIES[1] });
    const r = await dgw(['query', 'update', 'snap', '--from', 'rev']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[0].json).toEqual({ inputQueryRefId: PLAIN_ID });
  });

  it('query create catches the same mistake with no request at all', async () => {
    const r = await dgw(['query', 'create', 'Copy', '--from', 'snap']);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('--name that changes the SQL name', () => {
  it('warns on stderr with the old and new names and the queries whose SQL reads the old one', async () => {
    listRoute();
    server.on('PUT', /\/queries\//, { json: { ...QUERIES[0], displayName: 'Revenue', name: 'revenue' } });
    const r = await dgw(['query', 'update', 'rev', '--name', 'Revenue', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: the SQL name changes: svc.query.rev becomes svc.query.revenue, and svc.query.rev stops existing');
    expect(r.stderr).toContain('warning: 2 saved queries read svc.query.rev and will fail when next run or refreshed:\nwarning:   mat_reader (plain)\nwarning:   reader (plain)');
    expect(r.stderr).not.toContain('in_a_string');
    expect(r.stdout).not.toContain('warning');
    expect(puts()[0].json).toEqual({ displayName: 'Revenue' });
  });

  it('--dry-run says what it knows without reading (the new SQL name), and --json carries it as the effects', async () => {
    listRoute();
    const text = await dgw(['query', 'update', 'rev', '--name', 'Revenue', '--dry-run']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('the SQL name changes from rev to revenue');
    expect(text.stderr).not.toContain('warning');
    expect(text.stdout).toContain('PUT http://127.0.0.1');
    expect(text.stdout).toContain('/queries/{id of rev}');
    expect(text.stdout).toContain('the saved queries that read the old name are not named: add --with-reads');
    const json = await dgw(['query', 'update', 'rev', '--name', 'Revenue', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout).effects).toEqual({ rename: { from: 'rev', to: 'revenue', readers: null }, readers: null });
    expect(server.requests).toHaveLength(0);
  });

  it('a display name that keeps the SQL name says nothing', async () => {
    listRoute();
    server.on('PUT', /\/queries\//, { json: { ...QUERIES[0], displayName: 'R E V' } });
    const r = await dgw(['query', 'update', 'rev', '--name', 'R E V']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('warning');
  });

  it('without --yes and without a terminal, readers of the old name stop it after the reads (exit 14), naming them', async () => {
    listRoute();
    const r = await dgw(['query', 'update', 'rev', '--name', 'Revenue']);
    expect(r.code).toBe(14);
    expect(r.stderr).toContain('refusing to update query rev, breaking 2 saved queries that read it (mat_reader, reader) without confirmation: pass --yes');
    expect(puts()).toHaveLength(0);
  });

  it('a SQL name another query has is refused (exit 5) before the update is sent', async () => {
    listRoute();
    const r = await dgw(['query', 'update', 'rev', '--name', 'Snap']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/already has the SQL name snap/);
    expect(puts()).toHaveLength(0);
  });
});

describe('on the local gateway', () => {
  const tmp = tempDir('dgw-update-checks-');
  afterAll(() => tmp.remove());
  const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` } });

  it('the reader it names really breaks; --from on a plain query is refused before the gateway sees it', async () => {
    expect((await local('query', 'create', 'Rev', '--sql', 'SELECT status FROM svc.table.orders')).code).toBe(0);
    expect((await local('query', 'create', 'Reader', '--sql', 'SELECT count(*) AS n FROM svc.query.rev')).code).toBe(0);
    const from = await local('query', 'update', 'rev', '--from', 'reader');
    expect(from.code).toBe(14);
    const refused = await local('query', 'update', 'rev', '--name', 'Revenue');
    expect(refused.code).toBe(14);
    expect(refused.stderr).toContain('(reader)');
    const renamed = await local('query', 'update', 'rev', '--name', 'Revenue', '--yes');
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stderr).toContain('1 saved query reads svc.query.rev and will fail when next run or refreshed:\nwarning:   reader (plain)');
    const broken = await local('sql', 'SELECT * FROM svc.query.reader');
    expect(broken.code).toBe(6);
  });
});
