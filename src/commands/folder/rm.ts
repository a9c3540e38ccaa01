import type { Command } from 'commander';
import { deleteFolder } from '../../api/folders.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { folderIdFor, parseFolderRef } from './resolve.js';

export interface FolderRmOptions {
  yes?: boolean;
  dryRun?: boolean;
  force?: boolean;
}

export function registerFolderRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<folder>', 'folder path such as /reports/monthly, or folder id')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--force', 'also delete its subfolders and the queries in them')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a query folder')
    .addHelpText('after', examples('dgw folder rm /reports/old', 'dgw folder rm /reports/old --force --yes'))
    .action(wiring.action(runFolderRm));
}

export async function runFolderRm(ctx: Context, folderArg: string, opts: FolderRmOptions): Promise<void> {
  const ref = parseFolderRef(folderArg);
  if (ref.kind === 'root') throw new UsageError('the root is not a folder and cannot be deleted');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const id = await folderIdFor(http, projectId, ref);
  await confirmDestructive(ctx, `delete folder ${folderArg}${opts.force ? ' with its subfolders and queries' : ''}`, opts);
  try {
    await deleteFolder(http, projectId, id, opts.force);
  } catch (error) {
    if (error instanceof DgwError && error.kind === 'conflict' && !opts.force) {
      throw new DgwError('conflict', `${error.message}`, { status: error.status, errorCode: error.errorCode, hint: 'the folder is not empty: add --force to delete its subfolders and queries too' });
    }
    throw error;
  }
  if (opts.dryRun) return;
  ctx.out.result({ id, deleted: true }, id);
  ctx.out.success(`deleted folder ${folderArg}`);
}
