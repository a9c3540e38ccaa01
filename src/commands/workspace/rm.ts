import type { Command } from 'commander';
import { deleteWorkspace } from '../../api/organizations.js';
import type { WorkspaceDeleted } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { confirmDestructive, ensureConfirmable, reportChange, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { workspaceToChange } from './find.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';

export function registerWorkspaceRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<workspace>', 'workspace id, or a name only one workspace has')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .option(...WITH_READS)
    .description('Delete a workspace (partner key only)')
    .addHelpText(
      'after',
      `${examples('dgw --zone local workspace create Old', 'dgw --zone local workspace rm Old --yes')}
On a terminal, dgw asks you to type the workspace's id. The local gateway refuses to delete a
workspace that holds projects (exit 5), and its default workspace, Local.
`,
    )
    .action(wiring.action(runWorkspaceRm));
}

export async function runWorkspaceRm(ctx: Context, ref: string, opts: ConfirmOptions): Promise<void> {
  checkNameArgument(ref, 'WORKSPACE');
  await requirePartnerKey(ctx, 'deleting workspaces');
  ensureConfirmable(ctx, `delete workspace ${ref}`, opts);
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  const workspace = await workspaceToChange(http, ref);
  await confirmDestructive(ctx, `delete workspace ${workspace.name} (${workspace.id})`, { ...opts, typeBack: workspace.id });
  await deleteWorkspace(http, workspace);
  reportChange(ctx, opts, { id: workspace.id, deleted: true } satisfies WorkspaceDeleted, workspace.id, `deleted workspace ${workspace.name} (${workspace.id})`);
}
