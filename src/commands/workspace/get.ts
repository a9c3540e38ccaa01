import type { Command } from 'commander';
import { getWorkspace, listAllWorkspaces, type WorkspaceEntry } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { WORKSPACE_FIELDS } from './columns.js';
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
  const workspace = await getWorkspace(http, findWorkspace(await listAllWorkspaces(http), ref));
  await ctx.out.record(workspace, WORKSPACE_FIELDS, (w) => w.id);
}

function findWorkspace(workspaces: WorkspaceEntry[], ref: string): WorkspaceEntry {
  const byId = workspaces.find((w) => w.id === ref);
  if (byId) return byId;
  const named = workspaces.filter((w) => w.name === ref);
  if (named.length === 1) return named[0];
  if (named.length > 1) throw new UsageError(`${named.length} workspaces are named ${ref}: ${named.map((w) => `${w.id} (organization ${w.organizationName})`).join(', ')}; give the id`);
  throw new NotFoundError(`no workspace ${ref} among those the key sees${didYouMean(ref, workspaces.flatMap((w) => [w.id, w.name]))}`);
}
