import type { Command } from 'commander';
import { listAllWorkspaces } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { requirePartnerKey } from '../partner-key.js';
import { WORKSPACE_COLUMNS } from './columns.js';
import { examples, type Wiring } from '../wiring.js';

export function registerWorkspaceList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the workspaces a partner key can see, with their organization (what project create --workspace takes)')
    .addHelpText('after', examples('dgw workspace list', 'dgw workspace list -q', 'dgw --zone local workspace list --json id,name,defaultWorkspace'))
    .action(wiring.action(runWorkspaceList));
}

export async function runWorkspaceList(ctx: Context, _opts: object): Promise<void> {
  await requirePartnerKey(ctx, 'listing workspaces');
  const http = await ctx.http();
  await ctx.out.list(await listAllWorkspaces(http), WORKSPACE_COLUMNS, (w) => w.id);
}
