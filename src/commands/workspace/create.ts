import type { Command } from 'commander';
import { createWorkspace } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { WORKSPACE_FIELDS } from './columns.js';
import { organizationFor } from './find.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';

/** Options of `dgw workspace create`. */
export interface WorkspaceCreateOptions {
  description?: string;
  organization?: string;
  dryRun?: boolean;
  withReads?: boolean;
}

export function registerWorkspaceCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<name>', "the workspace's name")
    .option('--description <text>', 'what the workspace is for')
    .option('--organization <id-or-name>', 'the organization to make it in (default: the only one the key sees)')
    .option('--dry-run', 'print the request instead of sending it')
    .option(...WITH_READS)
    .description('Create a workspace (partner key only); project create --workspace then makes projects in it')
    .addHelpText('after', examples('dgw --zone local workspace create Analytics --description "the analytics team"', 'dgw --zone local project create reports --workspace Analytics'))
    .action(wiring.action(runWorkspaceCreate));
}

export async function runWorkspaceCreate(ctx: Context, name: string, opts: WorkspaceCreateOptions): Promise<void> {
  checkNameArgument(name, 'NAME');
  if (opts.organization !== undefined) checkNameArgument(opts.organization, '--organization');
  await requirePartnerKey(ctx, 'creating workspaces');
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  const organization = await organizationFor(http, opts.organization);
  const made = await createWorkspace(http, organization, { name, ...(opts.description !== undefined ? { description: opts.description } : {}) });
  if (opts.dryRun) return;
  await ctx.out.record(made, WORKSPACE_FIELDS, (w) => w.id);
  ctx.out.success(`created workspace ${made.name} (id ${made.id}) in organization ${made.organizationName}`);
}
