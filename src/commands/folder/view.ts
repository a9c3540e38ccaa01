import type { Command } from 'commander';
import type { Static } from 'typebox';
import type * as R from '../../contract/records.js';
import { readFolderContents, type FolderTree } from '../../api/folder-tree.js';
import { getFolder } from '../../api/folders.js';
import { listQueries } from '../../api/queries.js';
import type { QueryRecord } from '../../api/types.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { QUERY_COLUMNS } from '../query/columns.js';
import { examples, type Wiring } from '../wiring.js';
import { loadTree, parseFolderRef, requireFolder } from './resolve.js';

/** What `folder view --json` prints: the folder, its subfolders and its queries. */
export type FolderView = Static<typeof R.FolderView>;

const FIELDS: Column<FolderView>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'path', kind: 'text' },
  { field: 'createdAt', kind: 'time' },
  { field: 'folders', kind: 'text', show: (f) => f.folders.map((x) => x.name).join(', ') },
  // How many; a table lists them below the record.
  { field: 'queries', kind: 'number', show: (f) => f.queries.length },
];

export function registerFolderView(parent: Command, wiring: Wiring): void {
  parent
    .command('view')
    .aliases(['get', 'show'])
    .argument('<folder>', 'folder path such as /reports/monthly (/ for the root), or folder id')
    .description('Show one query folder: its path, its subfolders and its queries')
    .addHelpText('after', examples('dgw folder view /reports', 'dgw folder view /   # the folders and the queries at the root', 'dgw folder view /reports --json queries'))
    .action(wiring.action(runFolderView));
}

export async function runFolderView(ctx: Context, folderArg: string, _opts: object): Promise<void> {
  const ref = parseFolderRef(folderArg);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (ref.kind === 'root') return printView(ctx, await rootView(http, projectId));
  let tree: FolderTree | undefined = ref.kind === 'path' ? await loadTree(http, projectId) : undefined;
  const id = ref.kind === 'id' ? ref.id : requireFolder(tree!, ref.path).id;
  const contents = readFolderContents(await getFolder(http, projectId, id));
  // The seed's shape sends neither paths nor queries: the folder list and the query list fill them in.
  if (contents.path === null) tree ??= await loadTree(http, projectId);
  const path = contents.path ?? tree?.byId.get(id)?.path ?? null;
  const queries = contents.queries ?? (contents.queryIds.length > 0 ? byIds(await listQueries(http, projectId), contents.queryIds) : []);
  const view: FolderView = {
    id: contents.id,
    name: contents.name,
    path,
    parentId: contents.parentId ?? tree?.byId.get(id)?.parentId ?? null,
    createdAt: contents.createdAt === null ? null : new Date(contents.createdAt).toISOString(),
    folders: contents.folders.map((f) => ({ ...f, path: f.path ?? (path === null ? null : `${path}/${f.name}`) })),
    queries,
  };
  await printView(ctx, view);
}

/** The root as a folder: the folders at the top and the queries in no folder. */
async function rootView(http: Http, projectId: string): Promise<FolderView> {
  const [tree, queries] = await Promise.all([loadTree(http, projectId), listQueries(http, projectId)]);
  return {
    id: null,
    name: '/',
    path: '/',
    parentId: null,
    createdAt: null,
    folders: tree.roots.map((f) => ({ id: f.id, name: f.name, path: f.path })),
    queries: queries.filter((q) => !q.folderId && (!q.path || q.path === '/')),
  };
}

async function printView(ctx: Context, view: FolderView): Promise<void> {
  await ctx.out.record(view, FIELDS, (f) => f.id ?? '/');
  if (ctx.out.mode.kind === 'table' && view.queries.length > 0) {
    ctx.io.stdout.write('\nQueries:\n');
    await ctx.out.list(view.queries, QUERY_COLUMNS, (q) => q.id);
  }
}

/** The queries with these ids, in that order; an id the list lacks stays as a bare record. */
function byIds(queries: QueryRecord[], ids: string[]): QueryRecord[] {
  return ids.map((id) => queries.find((q) => q.id === id) ?? { id, displayName: '', name: '', inputQuery: '', queryType: 'PLAIN', schedule: null, path: null, folderId: null });
}

