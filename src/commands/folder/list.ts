import type { Command } from 'commander';
import type { Static } from 'typebox';
import type * as R from '../../contract/records.js';
import type { FolderNode } from '../../api/folder-tree.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { compareText } from '../../output/text-order.js';
import { examples, type Wiring } from '../wiring.js';
import { loadTree } from './resolve.js';
import { runFolderTree } from './tree.js';

export interface FolderListOptions {
  tree?: boolean;
  queries?: boolean;
}

/** A folder as `folder list --json` prints it (src/contract/records.ts): times in ISO 8601, as everywhere. */
export type FolderRecord = Static<typeof R.FolderRecord>;

const COLUMNS: Column<FolderRecord>[] = [
  { field: 'id', kind: 'key' },
  { field: 'path', kind: 'text' },
  // How many: the ids themselves are for `--json queryIds`.
  { field: 'queryIds', kind: 'number', show: (f) => (f.queryIds ? f.queryIds.length : null) },
  { field: 'createdAt', kind: 'time' },
];

export function registerFolderList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .option('--tree', 'show folders as a tree (as `dgw folder tree`)')
    .option('--queries', 'show the tree with the queries in each folder (implies --tree; as `dgw folder tree --queries`)')
    .description('List query folders by path')
    .addHelpText('after', examples('dgw folder list', 'dgw folder list --tree', 'dgw folder list --tree --queries', 'dgw folder list --json id,path'))
    .action(wiring.action(runFolderList, { variant: (opts) => (opts.queries ? 'treeWithQueries' : opts.tree ? 'tree' : 'list') }));
}

export async function runFolderList(ctx: Context, opts: FolderListOptions): Promise<void> {
  // One tree drawn one way: --tree (and --queries, which implies it) is `folder tree`, but for
  // --tree's JSON, which stays the nested folder records (queryIds, parentId, createdAt) scripts read.
  if (opts.queries || (opts.tree && !ctx.out.json)) return runFolderTree(ctx, undefined, { queries: opts.queries });
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const tree = await loadTree(http, projectId);
  if (opts.tree) return ctx.out.value(tree.roots.map((node) => record(node, true)));
  const all = [...tree.byId.values()].sort((a, b) => compareText(a.path, b.path));
  await ctx.out.list(all.map((node) => record(node)), COLUMNS, (f) => f.id);
}

/** A folder as a record: with its subfolders (sorted by name) for the tree's JSON, without them for the list. */
function record(node: FolderNode, nested = false): FolderRecord {
  const children = nested ? [...node.children].sort((a, b) => compareText(a.name, b.name)).map((c) => record(c, true)) : [];
  return { id: node.id, name: node.name, path: node.path, parentId: node.parentId, createdAt: node.createdAt === null ? null : new Date(node.createdAt).toISOString(), queryIds: node.queryIds, children };
}
