import type { Command } from 'commander';
import { findFolder, readFolderTree, type TreeNode } from '../../api/folder-tree.js';
import { getFolderTree } from '../../api/folders.js';
import { listQueries } from '../../api/queries.js';
import type { QueryRecord } from '../../api/types.js';
import { folderSegments } from '../../api/names.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import type { DrawnFolder } from './draw-tree.js';
import { loadTree, parseFolderRef, requireFolder } from './resolve.js';

export interface FolderTreeOptions {
  queries?: boolean;
}

export function registerFolderTree(parent: Command, wiring: Wiring): void {
  parent
    .command('tree')
    .argument('[folder]', 'show only this folder and what is below it (a path, or a folder id)')
    .option('--queries', 'list the queries in each folder, and those at the root')
    .description('Show the folder tree (the service\'s tree endpoint), with the queries in each folder if asked')
    .addHelpText('after', examples('dgw folder tree', 'dgw folder tree /reports --queries', 'dgw folder tree --queries --json', 'dgw folder tree --queries --format csv   # a row per folder and per query, by path'))
    .action(wiring.action(runFolderTree, { variant: (_folder, opts) => (opts.queries ? 'treeWithQueries' : 'tree') }));
}

export async function runFolderTree(ctx: Context, folderArg: string | undefined, opts: FolderTreeOptions): Promise<void> {
  const ref = folderArg === undefined ? ({ kind: 'root' } as const) : parseFolderRef(folderArg);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  let rootFolderId: string | undefined;
  let basePath = '';
  if (ref.kind === 'path') {
    rootFolderId = requireFolder(await loadTree(http, projectId), ref.path).id;
    basePath = `/${folderSegments(ref.path).slice(0, -1).join('/')}`;
  } else if (ref.kind === 'id') {
    rootFolderId = ref.id;
  }
  // The queries in no folder are in the tree's answer nowhere: the query list, asked for alongside.
  const listed = opts.queries && ref.kind === 'root' ? listQueries(http, projectId) : undefined;
  listed?.catch(() => undefined);
  const answer = await getFolderTree(http, projectId, { includeQueries: opts.queries, rootFolderId });
  let roots = readFolderTree(answer, basePath);
  // A subtree by id in the seed's shape carries no paths: the folder list says where its root is.
  if (ref.kind === 'id' && roots.length > 0 && !hasPaths(answer)) {
    const folder = findFolder(await loadTree(http, projectId), ref.id);
    roots = readFolderTree(answer, folder ? folder.path.split('/').slice(0, -1).join('/') : '');
  }
  const atRoot = listed ? (await listed).filter((q) => !q.folderId && (!q.path || q.path === '/')) : [];
  if (ctx.out.json) {
    ctx.out.value([...(atRoot.length > 0 ? [{ path: '/', queries: atRoot }] : []), ...roots.map((n) => nested(n, opts.queries === true))]);
    return;
  }
  if (ctx.out.mode.kind === 'quiet') {
    const ids = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
    const all = ids(roots);
    if (all.length > 0) ctx.out.raw(all.join('\n'));
    return;
  }
  // Rows for CSV, and for TSV asked for by name; a pipe left to the default gets the drawing, as a terminal does.
  if (ctx.out.mode.kind === 'csv' || (ctx.out.mode.kind === 'tsv' && (ctx.globals.format !== undefined || ctx.out.mode.header))) {
    await ctx.out.list(treeRows(roots, atRoot), TREE_COLUMNS, (r) => r.id);
    return;
  }
  // Loaded only to draw: measuring text by display width loads Unicode tables every other folder command can do without.
  const { drawTree } = await import('./draw-tree.js');
  const lines = drawTree(roots.map((n) => drawn(n, opts.queries === true)), ctx.color, ctx.out.tableView().width, atRoot);
  ctx.out.raw(lines.length > 0 ? lines.join('\n') : '(no folders)');
}

/** A row of the tree as CSV or TSV print it: each folder, and each query listed, by path. */
interface TreeRow {
  kind: 'folder' | 'query';
  path: string;
  id: string;
  name: string;
}

const TREE_COLUMNS: Column<TreeRow>[] = [{ field: 'kind' }, { field: 'path', kind: 'text' }, { field: 'id', kind: 'key' }, { field: 'name', kind: 'key' }];

function treeRows(roots: TreeNode[], atRoot: QueryRecord[]): TreeRow[] {
  const rows: TreeRow[] = atRoot.map((q) => ({ kind: 'query', path: '/', id: q.id, name: q.name }));
  const walk = (node: TreeNode) => {
    rows.push({ kind: 'folder', path: node.path, id: node.id, name: node.name });
    for (const q of node.queries ?? []) rows.push({ kind: 'query', path: node.path, id: q.id, name: q.name });
    node.children.forEach(walk);
  };
  roots.forEach(walk);
  return rows;
}

function hasPaths(answer: unknown): boolean {
  const tree = (answer as { tree?: Array<{ path?: unknown }> } | undefined)?.tree;
  return Array.isArray(tree) && tree.every((n) => typeof n?.path === 'string');
}

function drawn(node: TreeNode, withQueries: boolean): DrawnFolder {
  const queries = node.queries ?? null;
  return {
    id: node.id,
    name: node.name,
    children: node.children.map((c) => drawn(c, withQueries)),
    queryCount: queries ? queries.length : (node.queryIds?.length ?? null),
    queries: withQueries && queries ? queries.map((q) => ({ id: q.id, name: q.name })) : undefined,
  };
}

/** JSON of a node: `{id, name, path, children}`, plus `queries` when they were asked for. */
function nested(node: TreeNode, withQueries: boolean): object {
  return {
    id: node.id,
    name: node.name,
    path: node.path,
    children: node.children.map((c) => nested(c, withQueries)),
    ...(withQueries ? { queries: node.queries ?? [] } : {}),
  };
}
