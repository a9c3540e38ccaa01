import type { Command } from 'commander';
import { updateWorkspace } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { WORKSPACE_FIELDS } from './columns.js';
import { workspaceToChange } from './find.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';

/** Options of `dgw workspace update`. */
export interface WorkspaceUpdateOptions {
  name?: string;
  description?: string;
  dryRun?: boolean;
  withReads?: boolean;
}

export function registerWorkspaceUpdate(parent: Command, wiring: Wiring): void {
  parent
    .command('update')
    .argument('<workspace>', 'workspace id, or a name only one workspace has')
    .option('--name <name>', 'its new name (its id stays)')
    .option('--description <text>', 'its new description ("" removes it)')
    .option('--dry-run', 'print the request instead of sending it')
    .option(...WITH_READS)
    .description('Rename a workspace or change its description (partner key only)')
    .addHelpText('after', examples('dgw --zone local workspace create Scratch', 'dgw --zone local workspace update Scratch --name Sandbox --description "try things here"'))
    .action(wiring.action(runWorkspaceUpdate));
}

export async function runWorkspaceUpdate(ctx: Context, ref: string, opts: WorkspaceUpdateOptions): Promise<void> {
  checkNameArgument(ref, 'WORKSPACE');
  if (opts.name === undefined && opts.description === undefined) throw new UsageError('nothing to change: give --name, --description or both');
  if (opts.name !== undefined) checkNameArgument(opts.name, '--name');
  await requirePartnerKey(ctx, 'changing workspaces');
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  const workspace = await workspaceToChange(http, ref);
  // The service replaces both: what the flags leave out is sent as it is now.
  const description = opts.description ?? workspace.description ?? '';
  const updated = await updateWorkspace(http, workspace, { name: opts.name ?? workspace.name, ...(description === '' ? {} : { description }) });
  if (opts.dryRun) return;
  await ctx.out.record(updated, WORKSPACE_FIELDS, (w) => w.id);
  ctx.out.success(`updated workspace ${updated.name} (${updated.id})`);
}
