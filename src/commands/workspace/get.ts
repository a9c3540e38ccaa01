import type { Command } from 'commander';
import { getWorkspace } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { WORKSPACE_FIELDS } from './columns.js';
import { findWorkspace } from './find.js';
import { examples, type Wiring } from '../wiring.js';

export function registerWorkspaceGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .argument('<workspace>', 'workspace id, or a name only one workspace has')
    .description("Show a workspace: its name, description, organization and whether it is its organization's default")
    .addHelpText('after', examples('dgw --zone local workspace get Local', 'dgw workspace get Local --json   # by name, or by its id'))
    .action(wiring.action(runWorkspaceGet));
}

export async function runWorkspaceGet(ctx: Context, ref: string): Promise<void> {
  checkNameArgument(ref, 'WORKSPACE');
  await requirePartnerKey(ctx, 'reading workspaces');
  const http = await ctx.http();
  const workspace = await getWorkspace(http, await findWorkspace(http, ref));
  await ctx.out.record(workspace, WORKSPACE_FIELDS, (w) => w.id);
}
