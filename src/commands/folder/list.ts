import type { Command } from 'commander';
import type { FolderNode } from '../../api/folder-tree.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { loadTree } from './resolve.js';

export interface FolderListOptions {
  tree?: boolean;
}

const COLUMNS: Column<FolderNode>[] = [
  { header: 'ID', value: (f) => f.id },
  { header: 'PATH', value: (f) => f.path },
  { header: 'QUERIES', value: (f) => (f.queryIds ? f.queryIds.length : '') },
  { header: 'CREATED', value: (f) => (f.createdAt === null ? '' : new Date(f.createdAt).toISOString()) },
];

export function registerFolderList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .option('--tree', 'show folders as a tree')
    .description('List query folders by path')
    .addHelpText('after', examples('dgw folder list', 'dgw folder list --tree', 'dgw folder list --json id,path'))
    .action(wiring.action(runFolderList));
}

export async function runFolderList(ctx: Context, opts: FolderListOptions): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const tree = await loadTree(http, projectId);
  if (opts.tree && ctx.out.mode.kind === 'json') {
    ctx.out.value(tree.roots.map(nested));
    return;
  }
  if (opts.tree && ctx.out.mode.kind !== 'quiet') {
    const lines: string[] = [];
    const walk = (nodes: FolderNode[], indent: string) => {
      for (const node of sortByName(nodes)) {
        const count = node.queryIds ? ctx.color.dim(` (${node.queryIds.length} ${node.queryIds.length === 1 ? 'query' : 'queries'})`) : '';
        lines.push(`${indent}${node.name}/${count}  ${ctx.color.dim(node.id)}`);
        walk(node.children, `${indent}  `);
      }
    };
    walk(tree.roots, '');
    ctx.out.raw(lines.length > 0 ? lines.join('\n') : '(no folders)');
    return;
  }
  const all = [...tree.byId.values()].sort((a, b) => a.path.localeCompare(b.path));
  await ctx.out.list(all.map(flat), COLUMNS, (f) => f.id);
}

function sortByName(nodes: FolderNode[]): FolderNode[] {
  return [...nodes].sort((a, b) => a.name.localeCompare(b.name));
}

/** JSON of one folder without its children (the flat list). */
function flat(node: FolderNode): FolderNode {
  return { ...node, children: [] };
}

/** JSON of a folder with its subtree. */
function nested(node: FolderNode): FolderNode {
  return { ...node, children: sortByName(node.children).map(nested) };
}
