import type { Command } from 'commander';
import type { FolderRenamed } from '../../contract/results.js';
import { readFolderContents } from '../../api/folder-tree.js';
import { renameFolder } from '../../api/folders.js';
import { folderSegments } from '../../api/names.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { checkFolderName, folderIdFor, loadTree, parseFolderRef, requireFolder } from './resolve.js';

export function registerFolderRename(parent: Command, wiring: Wiring): void {
  parent
    .command('rename')
    .argument('<folder>', 'folder path such as /reports/monthly, or folder id')
    .argument('<new-name>', 'the new name (one name, not a path; to move a folder use `folder move`)')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Rename a query folder; its subfolders and queries go with it')
    .addHelpText('after', examples('dgw folder rename /reports/monthly "Monthly (old)"', 'dgw folder rename "/reports/Monthly (old)" monthly --json   # and back'))
    .action(wiring.action(runFolderRename));
}

export async function runFolderRename(ctx: Context, folderArg: string, newName: string, opts: { dryRun?: boolean }): Promise<void> {
  const ref = parseFolderRef(folderArg);
  if (ref.kind === 'root') throw new UsageError('the root is not a folder and has no name');
  const name = checkFolderName(newName, 'NEW_NAME');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const folder = http.readsNothing ? undefined : requireFolder(await loadTree(http, projectId), ref.kind === 'path' ? ref.path : ref.id);
  if (folder?.name === name) {
    ctx.out.note(`folder ${folder.path} is named ${name} already`);
    ctx.out.result({ id: folder.id, name, path: folder.path } satisfies FolderRenamed, folder.id);
    return;
  }
  const id = folder?.id ?? (await folderIdFor(http, projectId, ref));
  const answer = await renameFolder(http, projectId, id, name);
  if (opts.dryRun) return;
  const renamed = answer === undefined ? undefined : readFolderContents(answer);
  // The document answers the folder with its new path; the seed's shape has none, so it is made from the old one.
  const path = renamed?.path ?? (folder ? `/${[...folderSegments(folder.path).slice(0, -1), name].join('/')}` : null);
  ctx.out.result({ id, name, path } satisfies FolderRenamed, id);
  ctx.out.success(`renamed folder ${folderArg} to ${path ?? name}`);
}
