import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCacheResult, readCatalog, readSchema, readSearch, readShared, readStatistics } from '../src/api/catalogs.js';
import { readConnection } from '../src/api/connections.js';
import { maskSecrets } from '../src/commands/connection/credential.js';
import { readExportCreated, readExportJob } from '../src/api/exports.js';
import { folderTree, readFolderContents, readFolderTree } from '../src/api/folder-tree.js';
import { readApiKey } from '../src/api/keys.js';
import { readProjectEntry, readWorkspaceEntry } from '../src/api/organizations.js';
import { readStatusView } from '../src/api/materialized.js';
import { readQuery } from '../src/api/queries.js';
import { readMetadataStatus } from '../src/api/metadata.js';
import { readEmbedSession, readTranspiled } from '../src/api/hosted-tools.js';
import { readSemanticTable } from '../src/api/semantic-catalogs.js';
import { objects } from '../src/api/read.js';
import { readColumn, readTable } from '../src/api/tables.js';
import { readDrivers } from '../src/api/drivers.js';
import { readParametricTable } from '../src/api/parametric-tables.js';
import { OPERATIONS } from '../src/wire/index.js';

// The CLI's readers (src/api) given every example answer the vendor's document holds for the
// operations dgw uses, taken from the document itself: each is read without error, and what the
// example says (ids, names, paths, values) is what the reader gives, nulls and all. Where the
// examples break the document's schemas (a list where one object is declared, null where a string
// is), the reader takes them as they are. Needs the document (shared/spec beside the repository,
// or DGW_OPENAPI); without it this file checks nothing and says so.

const here = path.dirname(fileURLToPath(import.meta.url));
const candidates = [process.env.DGW_OPENAPI, path.resolve(here, '../../shared/spec/peaka-openapi.json'), path.resolve(here, '../../../shared/spec/peaka-openapi.json'), '/work/shared/spec/peaka-openapi.json'];
const file = candidates.find((f): f is string => !!f && fs.existsSync(f));

type Json = Record<string, unknown>;
const doc = file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : undefined;

/** Every example of an operation's documented success answer. */
function examplesOf(operationId: string): unknown[] {
  const op = OPERATIONS.find((o) => o.id === operationId)!;
  const entry = ((doc!.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
  const response = (entry.responses as Json)[String(op.response.status)] as Json;
  const out: unknown[] = [];
  for (const media of Object.values((response.content as Json) ?? {}) as Json[]) {
    if ('example' in media) out.push(media.example);
    for (const ex of Object.values((media.examples as Json) ?? {})) out.push(jsonInText((ex as Json).value));
  }
  return out;
}

/**
 * A quirk of the document: getRefreshMetadataJobStatus's example is the text of a JSON object with
 * a `//` comment, its status in lower case (`active`) where the schema has ACTIVE.
 */
function jsonInText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*\{/.test(value)) return value;
  try {
    return JSON.parse(value.replace(/\s\/\/[^\n]*/g, ''));
  } catch {
    return value;
  }
}

/** The example's plain fields (strings, numbers, booleans, nulls), which a reader must keep as they are. */
function plainFields(record: Json, except: string[] = []): Json {
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => !except.includes(k) && (v === null || typeof v !== 'object')));
}

const asList = (value: unknown) => objects(value, 'examples');

/** How each operation's examples are read and what must come out; `reads` counts the records read. */
const READERS: Record<string, (example: unknown) => number> = {
  createSemanticCatalog: (ex) => {
    // The example says `type` where the schema says catalogType: read as it.
    expect(readCatalog(ex)).toMatchObject({ id: (ex as Json).id, name: (ex as Json).name, catalogType: 'SEMANTIC' });
    return 1;
  },
  createSemanticTable: (ex) => {
    expect(readSemanticTable(ex, '688890918747898103')).toEqual({ catalogId: '688890918747898103', ...plainFields(ex as Json) });
    return 1;
  },
  transpileSQL: (ex) => {
    expect(readTranspiled(ex, 'mysql')).toEqual({ dialect: 'mysql', result: (ex as Json).result });
    return 1;
  },
  initSession: (ex) => {
    expect(readEmbedSession(ex)).toEqual({ sessionUrl: (ex as Json).sessionUrl, partnerOrigin: null });
    return 1;
  },
  getRefreshMetadataJobStatus: (ex) => {
    // The example's lower case (`active`) reads as the schema's upper case.
    expect(readMetadataStatus(ex, '1')).toEqual({ catalogId: '1', status: 'ACTIVE', message: null, refreshedAt: null });
    return 1;
  },
  listQueries: (ex) => {
    for (const q of asList(ex)) {
      const read = readQuery(q);
      expect(read).toMatchObject(plainFields(q));
      // The document's default: a query without queryType is PLAIN.
      expect(read.queryType).toBe(q.queryType ?? 'PLAIN');
      if (q.schedule) expect(read.schedule).toEqual(q.schedule);
    }
    return asList(ex).length;
  },
  listQueryFolders: (ex) => {
    const items = (ex as { items: Json[] }).items;
    const tree = folderTree(ex);
    for (const item of items) expect(tree.byPath.get(item.path as string)?.id).toBe(item.id);
    for (const item of items) expect(tree.byId.get(item.id as string)?.parentId ?? null).toBe(item.parentId);
    return items.length;
  },
  getQueryFolderTree: (ex) => {
    const nodes = readFolderTree(ex);
    const walk = (read: ReturnType<typeof readFolderTree>, given: Json[]): number =>
      given.reduce((n, g, i) => {
        expect(read[i]).toMatchObject({ id: g.id, name: g.name, path: g.path });
        expect(read[i].queries?.map((q) => q.id) ?? null).toEqual(Array.isArray(g.queries) ? (g.queries as Json[]).map((q) => q.id) : null);
        // A query that does not say where it is, is in the folder it sits under.
        for (const q of read[i].queries ?? []) expect([q.path, q.folderId]).toEqual([g.path, g.id]);
        return n + 1 + walk(read[i].children, (g.children as Json[]) ?? []);
      }, 0);
    return walk(nodes, (ex as { tree: Json[] }).tree);
  },
  readQueryFolder: (ex) => {
    const f = ex as Json;
    const read = readFolderContents(f);
    expect(read).toMatchObject({ id: f.id, name: f.name, path: f.path, parentId: f.parentId, createdAt: Date.parse(f.createdAt as string) });
    expect(read.folders).toEqual((f.folders as Json[]).map((c) => ({ id: c.id, name: c.name, path: c.path })));
    expect(read.queries?.map((q) => q.path)).toEqual((f.queries as Json[]).map((q) => q.path));
    expect(read.queryIds).toEqual((f.queries as Json[]).map((q) => q.id));
    return 1;
  },
  ...Object.fromEntries(
    ['createQueryFolderAtRoot', 'createQueryFolderWithParentId', 'renameQueryFolder', 'moveQueryFolder'].map((id) => [
      id,
      (ex: unknown) => {
        const f = ex as Json;
        expect(readFolderContents(f)).toMatchObject({ id: f.id, name: f.name, path: f.path, parentId: f.parentId, folders: [], queries: null, queryIds: [] });
        return 1;
      },
    ]),
  ),
  listCatalogs: (ex) => {
    for (const c of asList(ex)) expect(readCatalog(c)).toEqual(plainFields(c));
    return asList(ex).length;
  },
  ...Object.fromEntries(
    ['readCatalog', 'createCatalog'].map((id) => [
      id,
      (ex: unknown) => {
        expect(readCatalog(ex)).toEqual(plainFields(ex as Json));
        return 1;
      },
    ]),
  ),
  ...Object.fromEntries(
    ['listConnections', 'getConnection', 'createConnection', 'updateConnection', 'oauth2Callback'].map((id) => [
      id,
      (ex: unknown) => {
        // The list is declared as one connection and given as a list; no url means not waiting for OAuth 2.0.
        for (const c of asList(ex)) expect(readConnection(c)).toEqual({ url: null, ...plainFields(c) });
        return asList(ex).length;
      },
    ]),
  ),
  getConnectionView: (ex) => {
    // A configuration: shown with its secret-looking fields masked, the others as they are.
    const shown = maskSecrets(ex as Json);
    expect(shown.type).toBe((ex as Json).type);
    expect(shown.corpToken).toBe('***');
    expect(shown.restApiTokenUrl).toBe('***');
    expect(shown.swimlane).toBe((ex as Json).swimlane);
    return 1;
  },
  listSchemas: (ex) => {
    for (const sc of asList(ex)) expect(readSchema(sc)).toEqual({ catalogName: '', ...plainFields(sc) });
    return asList(ex).length;
  },
  listTables_1: (ex) => {
    for (const t of asList(ex)) expect(readTable(t)).toEqual({ ...plainFields(t), supportedCacheTypes: t.supportedCacheTypes });
    return asList(ex).length;
  },
  listColumns_1: (ex) => {
    for (const c of asList(ex)) expect(readColumn(c)).toEqual({ id: null, desc: null, ...plainFields(c) });
    return asList(ex).length;
  },
  isCached: (ex) => {
    expect(readCacheResult(ex)).toEqual(ex);
    return 1;
  },
  getTableStatistics: (ex) => {
    // The document gives the fraction only: what dgw also reads from the local gateway is null.
    const unsaid = { nullCount: null, distinctCount: null, min: null, max: null };
    const table = ex as Json & { columnStatistics: Json[] };
    expect(readStatistics(ex)).toEqual({ ...table, rowCount: null, columnStatistics: table.columnStatistics.map((c) => ({ ...c, ...unsaid })) });
    return 1;
  },
  shareCatalog: (ex) => {
    expect(readShared(ex)).toBe((ex as Json).sharedCatalogId);
    return 1;
  },
  search: (ex) => {
    const e = ex as { matchedCatalogs: Json[]; matchedSchemas: Json[]; matchedTables: Json[] };
    const read = readSearch(ex);
    expect(read.matches.filter((m) => m.kind === 'table').map((m) => `${m.catalog}.${m.schema}.${m.table}`)).toEqual(e.matchedTables.map((t) => `${t.catalog}.${t.schema}.${t.table}`));
    expect(read.matches.filter((m) => m.kind === 'catalog').map((m) => m.catalog)).toEqual(e.matchedCatalogs.map((c) => c.catalog));
    expect(read.nextOffset).toBeNull();
    return read.matches.length;
  },
  createInternalTable: (ex) => {
    // The example leaves supportedCacheTypes out: read as none.
    expect(readTable(ex)).toEqual({ ...plainFields(ex as Json), supportedCacheTypes: [] });
    return 1;
  },
  createInternalBiTable: (ex) => {
    expect(readTable(ex)).toEqual({ ...plainFields(ex as Json), supportedCacheTypes: [] });
    return 1;
  },
  addBiColumn: (ex) => {
    for (const c of asList(ex)) expect(readColumn(c)).toEqual({ id: null, desc: null, ...plainFields(c) });
    return asList(ex).length;
  },
  listParametricTables: (ex) => {
    for (const t of asList(ex)) expect(readParametricTable(t)).toEqual(t);
    return asList(ex).length;
  },
  createParametricTable: (ex) => {
    expect(readParametricTable(ex)).toEqual(ex);
    return 1;
  },
  // The document types these answers as a string; its examples are objects, one a JSON-like text with a trailing comma.
  getSupportedDrivers: (ex) => {
    const read = readDrivers(ex);
    expect(read.map((d) => d.driver).sort()).toEqual(Object.keys(ex as Json).sort());
    for (const d of read) expect(d.connectionString).toBe((ex as Record<string, string>)[d.driver]);
    return read.length;
  },
  getJdbcDriver: (ex) => {
    const read = readDrivers(ex);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ driver: 'JDBC', connectionString: expect.stringMatching(/^jdbc:/) });
    return 1;
  },
  getSqlAlchemyDriver: (ex) => {
    const read = readDrivers(ex);
    expect(read.map((d) => d.driver)).toEqual(['SQL_ALCHEMY']);
    return 1;
  },
  addColumn: (ex) => {
    // The schema declares one column; the example is a list of them. Every field of a column is
    // there when read (#16's contract), null where the example has none.
    for (const c of asList(ex)) expect(readColumn(c)).toEqual({ id: null, desc: null, ...plainFields(c) });
    return asList(ex).length;
  },
  ...Object.fromEntries(
    ['listMaterializedQueryStatuses', 'readMaterializedQueryStatus'].map((id) => [
      id,
      (ex: unknown) => {
        for (const s of asList(ex)) {
          const read = readStatusView(s);
          expect(read).toMatchObject(plainFields(s));
          // Nulls in the fields of a schedule that do not apply are dropped.
          const settings = Object.fromEntries(Object.entries(s.scheduleSettings as Json).filter(([, v]) => v !== null));
          expect(read.scheduleSettings).toEqual(settings);
        }
        return asList(ex).length;
      },
    ]),
  ),
  exportQuery: (ex) => {
    expect(readExportCreated(ex)).toEqual(ex);
    return 1;
  },
  listExports: (ex) => {
    for (const e of asList(ex)) {
      const read = readExportJob(e);
      // What the job record names: every plain field dgw shows, as the example has it; nulls for those it leaves out.
      const shown = ['id', 'status', 'format', 'rowCount', 'bytes', 'durationMs', 'downloadable', 'error', 'createdAt', 'queryId', 'source'];
      expect(read).toMatchObject(Object.fromEntries(shown.map((k) => [k, e[k] ?? (k === 'downloadable' ? false : null)])));
      expect(read.compression).toBe(e.compression ?? 'NONE');
      expect(read.files).toEqual([]);
    }
    return asList(ex).length;
  },
  ...Object.fromEntries(['createProject_1', 'updateProject_1', 'listProjects', 'createProject', 'readProject', 'updateProject'].map((id) => [id, readsProjects])),
  ...Object.fromEntries(['getWorkspace', 'createWorkspace', 'updateWorkspace'].map((id) => [id, readsWorkspaces])),
  ...Object.fromEntries(
    ['listApiKeys', 'createApiKey'].map((id) => [
      id,
      (ex: unknown) => {
        // The list is declared as one key and given as a list; a key with no expiresAt never expires.
        for (const k of asList(ex)) expect(readApiKey(k)).toEqual({ expiresAt: null, ...plainFields(k) });
        return asList(ex).length;
      },
    ]),
  ),
};

/**
 * Operations whose examples are read elsewhere than by one exported reader: run SQL's rows by
 * `dgw sql` (its answer is shown as a table, TSV or JSON: test/wire-contract.test.ts), and the
 * organization → workspace → project walk of `dgw project list` (test/hosted-fidelity.test.ts,
 * with the examples' shapes); the others dgw does not call (only the local gateway answers them).
 */
/** A workspace as `dgw workspace get`, `create` and `update` read it. */
function readsWorkspaces(ex: unknown): number {
  for (const w of asList(ex)) {
    const e = w as Json;
    expect(readWorkspaceEntry(e, 'org-1', 'Org')).toEqual({
      id: e.id,
      name: e.name,
      description: e.description ?? null,
      createdAt: e.createdAt ?? null,
      defaultWorkspace: e.defaultWorkspace === true,
      organizationId: 'org-1',
      organizationName: 'Org',
    });
  }
  return asList(ex).length;
}

/** A project as created or updated, placed in its workspace. */
function readsProjects(ex: unknown): number {
  const ws = { id: 'ws-1', name: 'Main', description: null, createdAt: null, defaultWorkspace: true, organizationId: 'org-1', organizationName: 'Org' };
  for (const p of asList(ex)) {
    const e = p as Json;
    expect(readProjectEntry(p, ws)).toEqual({
      id: e.id,
      name: e.name,
      description: e.description ?? null,
      createdAt: e.createdAt ?? null,
      workspaceId: e.workspaceId ?? ws.id,
      workspaceName: 'Main',
      organizationId: 'org-1',
      organizationName: 'Org',
    });
  }
  return asList(ex).length;
}

const READ_ELSEWHERE = ['executeQuery', 'listOrganizations', 'listWorkspaces', 'listProjects_1', 'getOrganization', 'readProject_1'];

describe.skipIf(!doc)('the readers against the examples of the vendor document', () => {
  for (const [operationId, read] of Object.entries(READERS)) {
    it(`reads every example answer of ${operationId}`, () => {
      const examples = examplesOf(operationId);
      expect(examples.length, `${operationId} has examples`).toBeGreaterThan(0);
      const records = examples.reduce<number>((n, ex) => n + read(ex), 0);
      expect(records).toBeGreaterThan(0);
    });
  }

  it('every operation with example answers has a reader above, or is read elsewhere', () => {
    const withExamples = OPERATIONS.filter((o) => o.documented && examplesOf(o.id).length > 0).map((o) => o.id);
    expect(withExamples.filter((id) => !(id in READERS) && !READ_ELSEWHERE.includes(id))).toEqual([]);
    expect(Object.keys(READERS).filter((id) => !withExamples.includes(id))).toEqual([]);
  });
});
