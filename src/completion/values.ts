import { listCacheStatuses } from '../api/caches.js';
import { listCatalogs, listCatalogTables, listSchemas } from '../api/catalogs.js';
import { listConnectionConfigs, listConnections } from '../api/connections.js';
import { folderTree } from '../api/folder-tree.js';
import { listFolders } from '../api/folders.js';
import { listQueries } from '../api/queries.js';
import { listColumns, listTables } from '../api/tables.js';
import { configDir, readStoreFile } from '../config/store.js';
import type { Context } from '../context.js';
import type { CompletionCache } from './cache.js';
import type { CompletionTarget } from './words.js';

interface QueryName {
  name: string;
  id: string;
  materialized: boolean;
}

/** The live values starting with what was typed, sorted: at most one request, none when the cache answers. */
export async function liveValues(ctx: Context, target: CompletionTarget, cache: CompletionCache): Promise<string[]> {
  const { kind, current, positionals } = target;
  if (!kind) return [];
  if (kind === 'profile') return matching(Object.keys(readStoreFile(configDir(ctx.env)).profiles), current);
  const settings = await ctx.settings();
  const projectId = settings.projectId.value;
  if (!projectId && kind !== 'connection-type') return [];
  // The local gateway's answer also depends on its data folder.
  const where = [settings.profile.value, settings.baseUrl.value ?? `local:${ctx.env.DGW_LOCAL_DIR ?? ''}`, projectId ?? ''];
  const load = <T>(resource: string, fetch: () => Promise<T>) => cache.get([...where, resource], fetch);
  // A Tab answers at once or not at all: no retries.
  const http = () => ctx.http({ retries: 0 });

  const queries = () =>
    load('queries', async () => (await listQueries(await http(), projectId!)).map((q): QueryName => ({ name: q.name, id: q.id, materialized: q.queryType === 'MATERIALIZED' })));
  const folders = () => load('folders', async () => [...folderTree(await listFolders(await http(), projectId!)).byId.values()].map((f) => f.path));

  const catalogId = async (name: string) => {
    const all = await load('catalog-list', async () => listCatalogs(await http(), projectId!));
    return (all.find((c) => c.name === name) ?? all.find((c) => c.id === name))?.id ?? name;
  };

  switch (kind) {
    case 'query':
      return queryValues(await queries(), current);
    case 'mtquery':
      return queryValues((await queries()).filter((q) => q.materialized), current);
    case 'folder':
      return matching(await folders(), current);
    case 'query-or-folder':
      return current.startsWith('/') ? matching(await folders(), current) : queryValues(await queries(), current);
    case 'table':
      return matching(await load('tables', async () => (await listTables(await http(), projectId!)).map((t) => t.tableName)), current);
    case 'column': {
      const table = positionals.at(-1);
      if (!table) return [];
      return matching(await load(`columns:${table}`, async () => (await listColumns(await http(), projectId!, table)).map((c) => c.name)), current);
    }
    case 'cache':
      return matching(await load('caches', async () => (await listCacheStatuses(await http(), projectId!)).map((c) => c.tableName)), current);
    case 'connection-type':
      return matching(await load('connection-types', async () => (await listConnectionConfigs(await http())).map((c) => c.connectionType)), current);
    case 'connection':
      return matching(await load('connections', async () => (await listConnections(await http(), projectId!)).map((c) => c.name)), current);
    case 'catalog':
      return matching(await load('catalogs', async () => (await listCatalogs(await http(), projectId!)).map((c) => c.name)), current);
    case 'catalog-schema': {
      const catalog = positionals.at(-1);
      if (!catalog || catalog.includes('.')) return [];
      return matching(await load(`schemas:${catalog}`, async () => (await listSchemas(await http(), projectId!, await catalogId(catalog))).map((s) => s.schemaName)), current);
    }
    case 'catalog-table': {
      const [catalog, schema] = positionals.slice(-2);
      if (!catalog || !schema || catalog.includes('.')) return [];
      return matching(await load(`tables:${catalog}.${schema}`, async () => (await listCatalogTables(await http(), projectId!, await catalogId(catalog), schema)).map((t) => t.tableName)), current);
    }
  }
}

function queryValues(queries: QueryName[], current: string): string[] {
  const names = queries.map((q) => q.name);
  return matching(current === '' ? names : [...names, ...queries.map((q) => q.id)], current);
}

function matching(values: string[], prefix: string): string[] {
  return [...new Set(values.filter((v) => typeof v === 'string' && v !== '' && v.startsWith(prefix)))].sort();
}
