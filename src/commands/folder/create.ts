import type { Command } from 'commander';
import { findFolder } from '../../api/folder-tree.js';
import { createFolder } from '../../api/folders.js';
import { folderSegments } from '../../api/names.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { loadTree, parseFolderRef } from './resolve.js';

export interface FolderCreateOptions {
  dryRun?: boolean;
}

export function registerFolderCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .alias('mkdir')
    .argument('<path>', 'folder path such as /reports/monthly; missing parents are created too')
    .option('--dry-run', 'print the requests instead of sending them')
    .description('Create a query folder (and any missing parent folders)')
    .addHelpText('after', examples('dgw folder create /reports/monthly', 'dgw folder create /archive -q'))
    .action(wiring.action(runFolderCreate));
}

export async function runFolderCreate(ctx: Context, pathArg: string, opts: FolderCreateOptions): Promise<void> {
  const ref = parseFolderRef(pathArg, 'PATH');
  if (ref.kind !== 'path') throw new UsageError('PATH must be an absolute folder path below the root, such as /reports/monthly');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const tree = await loadTree(http, projectId);
  const segments = folderSegments(ref.path);
  let parentId: string | undefined;
  let id: string | undefined;
  let created = 0;
  for (let i = 0; i < segments.length; i++) {
    const existing = findFolder(tree, `/${segments.slice(0, i + 1).join('/')}`);
    if (existing) {
      parentId = existing.id;
      id = existing.id;
      continue;
    }
    const folder = await createFolder(http, projectId, segments[i], parentId);
    if (opts.dryRun) return; // the next level would need this folder's id, which a dry run does not have
    id = folderIdOf(folder);
    parentId = id;
    created += 1;
  }
  if (created === 0) throw new DgwError('conflict', `folder ${ref.path} already exists`, { hint: `its id is ${id}` });
  ctx.out.result({ id, path: `/${segments.join('/')}` }, id ?? '');
  ctx.out.success(`created folder /${segments.join('/')}`);
}

function folderIdOf(folder: unknown): string {
  const id = (folder as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new DgwError('service', 'the service created the folder but did not return its id');
  }
  return String(id);
}
