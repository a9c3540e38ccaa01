import type { Command } from 'commander';
import { listAllProjects } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { requirePartnerKey } from '../partner-key.js';
import { PROJECT_COLUMNS } from './columns.js';
import { examples, type Wiring } from '../wiring.js';

export function registerProjectList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the projects a partner key can see, with their workspace and organization (finds the id for --project)')
    .addHelpText('after', examples('dgw project list', 'dgw project list -q', 'dgw project list --json id,name,workspaceName'))
    .action(wiring.action(runProjectList));
}

export async function runProjectList(ctx: Context, _opts: object): Promise<void> {
  await requirePartnerKey(ctx, 'listing projects');
  const http = await ctx.http();
  await ctx.out.list(await listAllProjects(http), PROJECT_COLUMNS, (p) => p.id);
}
