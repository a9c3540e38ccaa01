import type { Command } from 'commander';
import type { Static } from 'typebox';
import type * as R from '../../contract/records.js';
import type { FolderNode } from '../../api/folder-tree.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { compareText } from '../../output/text-order.js';
import { examples, type Wiring } from '../wiring.js';
import { drawTree, type DrawnFolder } from './draw-tree.js';
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
    .option('--tree', 'show folders as a tree')
    .option('--queries', 'show the tree with the queries in each folder (implies --tree; as `dgw folder tree --queries`)')
    .description('List query folders by path')
    .addHelpText('after', examples('dgw folder list', 'dgw folder list --tree', 'dgw folder list --tree --queries', 'dgw folder list --json id,path'))
    .action(wiring.action(runFolderList, { variant: (opts) => (opts.queries ? 'treeWithQueries' : opts.tree ? 'tree' : 'list') }));
}

export async function runFolderList(ctx: Context, opts: FolderListOptions): Promise<void> {
  // The service's tree operation lists each folder's queries in one request: one way to draw it.
  if (opts.queries) return runFolderTree(ctx, undefined, { queries: true });
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const tree = await loadTree(http, projectId);
  if (opts.tree && ctx.out.json) {
    ctx.out.value(tree.roots.map((node) => record(node, true)));
    return;
  }
  if (opts.tree && ctx.out.mode.kind !== 'quiet') {
    const drawn = (node: FolderNode): DrawnFolder => ({ id: node.id, name: node.name, children: node.children.map(drawn), queryCount: node.queryIds?.length ?? null });
    const lines = drawTree(tree.roots.map(drawn), ctx.color, ctx.out.tableView().width);
    ctx.out.raw(lines.length > 0 ? lines.join('\n') : '(no folders)');
    return;
  }
  const all = [...tree.byId.values()].sort((a, b) => compareText(a.path, b.path));
  await ctx.out.list(all.map((node) => record(node)), COLUMNS, (f) => f.id);
}

/** A folder as a record: with its subfolders (sorted by name) for the tree's JSON, without them for the list. */
function record(node: FolderNode, nested = false): FolderRecord {
  const children = nested ? [...node.children].sort((a, b) => compareText(a.name, b.name)).map((c) => record(c, true)) : [];
  return { id: node.id, name: node.name, path: node.path, parentId: node.parentId, createdAt: node.createdAt === null ? null : new Date(node.createdAt).toISOString(), queryIds: node.queryIds, children };
}
