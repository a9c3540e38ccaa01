import { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// How many SQL statements a change costs the gateway, counted where they reach DuckDB (every
// statement any connection runs, and every run of a prepared one): a folder membership update of
// N queries reads them in one statement and writes them in one whatever N is, and no change reads
// every query (each one read every document back, 100 ms at 10,000 queries): each statement on
// the queries' table looks them up by id, name or folder.

const seen: string[] = [];
const originals: Array<() => void> = [];

/** Records the SQL of each statement DuckDB is asked to run, on every connection of the process. */
function countStatements(): void {
  const conn = DuckDBConnection.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const prep = DuckDBPreparedStatement.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const sqlOf = new WeakMap<object, string>();
  for (const name of ['run', 'runAndReadAll', 'stream', 'streamAndReadAll', 'streamAndReadUntil', 'runAndReadUntil', 'start', 'startStream']) {
    const original = conn[name];
    if (typeof original !== 'function') continue;
    conn[name] = function (this: unknown, ...args: unknown[]) {
      seen.push(String(args[0]));
      return original.apply(this, args);
    };
    originals.push(() => (conn[name] = original));
  }
  const prepare = conn.prepare;
  conn.prepare = async function (this: unknown, ...args: unknown[]) {
    const statement = (await prepare.apply(this, args)) as object;
    sqlOf.set(statement, String(args[0]));
    return statement;
  };
  originals.push(() => (conn.prepare = prepare));
  for (const name of ['run', 'runAndReadAll', 'stream', 'streamAndReadAll', 'streamAndReadUntil', 'runAndReadUntil', 'start', 'startStream']) {
    const original = prep[name];
    if (typeof original !== 'function') continue;
    prep[name] = function (this: object, ...args: unknown[]) {
      seen.push(sqlOf.get(this) ?? '(a prepared statement)');
      return original.apply(this, args);
    };
    originals.push(() => (prep[name] = original));
  }
}

let g: TestGateway;
const ids: string[] = [];
let target = '';

beforeAll(async () => {
  g = await openGateway();
  for (let i = 0; i < 520; i++) {
    const made = await g.call('POST', `${P}/queries`, { body: { displayName: `Economy ${i}`, inputQuery: `SELECT ${i} AS n`, path: `/from/f${i % 7}` } });
    ids.push(made.body.id);
  }
  target = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'target' } })).body.id;
  countStatements();
}, 120_000);
afterEach(() => seen.splice(0));
afterAll(async () => {
  for (const restore of originals.splice(0)) restore();
  await g.close();
});

/** The statements a request ran, and those of them that touched the query documents. */
async function statementsOf(request: () => Promise<{ status: number }>): Promise<{ all: string[]; docs: string[] }> {
  seen.splice(0);
  const r = await request();
  expect(r.status).toBeLessThan(300);
  const all = seen.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(sql.trim()));
  return { all, docs: all.filter((sql) => sql.includes('query_rows')) };
}

/** The statements that write the queries' table. */
function writes(statements: string[]): string[] {
  return statements.filter((sql) => /^\s*(UPDATE|INSERT|DELETE)/i.test(sql));
}

/** The statements that read the queries' table other than by id, name or folder: a read of every query. */
function unbounded(statements: string[]): string[] {
  return statements.filter((sql) => !/^\s*(UPDATE|INSERT|DELETE)/i.test(sql) && !/query_rows WHERE (id|name|folder_id) (=|IN) /.test(sql));
}

describe('statement economy', () => {
  it('the counter sees the gateway\'s statements (so the counts below can fail)', async () => {
    const { docs } = await statementsOf(() => g.call('PUT', `${P}/queries/folders/${target}`, { body: { queryIdsAdded: [ids[0]], queryIdsRemoved: [] } }));
    expect(writes(docs)).toHaveLength(1);
    expect(writes(docs)[0]).toMatch(/^\s*UPDATE svc\._dgw\.query_rows/);
  });

  it('a membership update of N queries is one statement on the query documents, for 10 as for 500', async () => {
    const ten = await statementsOf(() => g.call('PUT', `${P}/queries/folders/${target}`, { body: { queryIdsAdded: ids.slice(1, 11), queryIdsRemoved: [] } }));
    const five = await statementsOf(() => g.call('PUT', `${P}/queries/folders/${target}`, { body: { queryIdsAdded: ids.slice(20, 520), queryIdsRemoved: ids.slice(1, 11) } }));
    expect(writes(ten.docs)).toHaveLength(1);
    expect(writes(five.docs)).toHaveLength(1);
    expect(five.docs).toHaveLength(ten.docs.length);
    expect(five.all).toHaveLength(ten.all.length);
    expect(unbounded(five.docs)).toEqual([]);
    // The values travel as bound lists, never in the SQL text.
    for (const sql of five.docs) expect(sql).not.toContain(ids[20]);
    const moved = (await g.call('GET', `${P}/queries`)).body as Array<{ id: string; path: string | null }>;
    const byId = new Map(moved.map((q) => [q.id, q.path]));
    expect(ids.slice(20, 520).every((id) => byId.get(id) === '/target')).toBe(true);
    expect(ids.slice(1, 11).every((id) => byId.get(id) === null)).toBe(true);
  });

  it('no change reads every document back: create, update, move, folder create, rename and delete', async () => {
    const requests: Array<() => Promise<{ status: number }>> = [
      () => g.call('POST', `${P}/queries`, { body: { displayName: 'Economy new', inputQuery: 'SELECT 1 AS one', path: '/from/new' } }),
      () => g.call('PUT', `${P}/queries/${ids[2]}`, { body: { displayName: 'Economy renamed' } }),
      () => g.call('PATCH', `${P}/queries/${ids[3]}/path`, { body: { path: '/elsewhere' } }),
      () => g.call('POST', `${P}/queries/folders`, { body: { folderName: 'economy/more' } }),
      () => g.call('DELETE', `${P}/queries/${ids[4]}`),
    ];
    for (const request of requests) {
      const { docs } = await statementsOf(request);
      expect(unbounded(docs)).toEqual([]);
    }
    // The answers agree with the database, read afresh.
    const listed = (await g.call('GET', `${P}/queries`)).body as Array<{ id: string; name: string; folderId: string | null }>;
    const project = await g.gateway.project('demo', { create: false });
    const stored = await project.withConnection(async (conn) => (await conn.runAndReadAll('SELECT id, name, folder_id FROM svc._dgw.query_rows')).getRows());
    const fromDb = new Map(stored.map(([id, name, folderId]) => [String(id), { name: String(name), folderId: folderId === null ? null : String(folderId) }]));
    expect(fromDb.size).toBe(listed.length);
    for (const q of listed) expect({ id: q.id, name: fromDb.get(q.id)?.name, folderId: fromDb.get(q.id)?.folderId }).toEqual({ id: q.id, name: q.name, folderId: q.folderId });
    expect(listed.map((q) => q.name)).toContain('economyrenamed');
    expect(listed.map((q) => q.name)).not.toContain('economy4');
  });

  it('a folder\'s answer in the seed\'s shape holds query ids only: no query document is read for it', async () => {
    const readsDocs = (docs: string[]) => docs.filter((sql) => !/^\s*(UPDATE|INSERT|DELETE)/i.test(sql) && /\bdoc\b/.test(sql));
    const requests: Array<() => Promise<{ status: number }>> = [
      () => g.call('PUT', `${P}/queries/folders/${target}`, { body: { queryIdsAdded: ids.slice(5, 9), queryIdsRemoved: [] } }),
      () => g.call('GET', `${P}/queries/folders/${target}`),
      () => g.call('PATCH', `${P}/queries/folders/${target}/name`, { body: { name: 'target-renamed' } }),
      () => g.call('PATCH', `${P}/queries/folders/${target}/name`, { body: { name: 'target' } }),
    ];
    for (const request of requests) expect(readsDocs((await statementsOf(request)).docs)).toEqual([]);
    // The hosted shape's folder shows its queries in full, and the same check sees them read.
    const hosted = await openGateway({ apiShape: 'hosted' });
    try {
      const folder = (await hosted.call('POST', `${P}/queries/folders`, { body: { folderName: 'shown' } })).body.id;
      await hosted.call('POST', `${P}/queries`, { body: { displayName: 'Shown query', inputQuery: 'SELECT 1 AS one', path: '/shown' } });
      const got = await statementsOf(() => hosted.call('GET', `${P}/queries/folders/${folder}`));
      expect(readsDocs(got.docs).length).toBeGreaterThan(0);
    } finally {
      await hosted.close();
    }
  });

  it('opening a project reads none of its queries: a command that reads one query reads that one, by its id', async () => {
    const data = tempDir();
    try {
      const first = await openGateway({ dataDir: data.dir });
      const made: string[] = [];
      for (let i = 0; i < 30; i++) made.push((await first.call('POST', `${P}/queries`, { body: { displayName: `Opened ${i}`, inputQuery: `SELECT ${i} AS n` } })).body.id);
      await first.close();
      const again = await openGateway({ dataDir: data.dir });
      try {
        const { all, docs } = await statementsOf(() => again.call('GET', `${P}/queries/${made[17]}`));
        // The project opened in this request (its metadata statement is among these) ...
        expect(all.some((sql) => sql.includes('svc._dgw.folders'))).toBe(true);
        // ... and the only statement on the queries' table reads the one asked for.
        // (A prepared statement's runAndReadAll runs through its run: it may be counted twice.)
        expect(new Set(docs).size).toBe(1);
        expect(docs[0]).toMatch(/^SELECT .+ FROM svc\._dgw\.query_rows WHERE id = \? /);
      } finally {
        await again.close();
      }
    } finally {
      data.remove();
    }
  }, 60_000);
});
