import type { Command } from 'commander';
import { createProject, listAllWorkspaces, workspacesNamed, type WorkspaceEntry } from '../../api/organizations.js';
import type { Http } from '../../api/http.js';
import type { ProjectRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { PROJECT_FIELDS } from './columns.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';

export interface ProjectCreateOptions {
  description?: string;
  workspace?: string;
  dryRun?: boolean;
  withReads?: boolean;
}

export function registerProjectCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<name>', 'the project\'s name')
    .option('--description <text>', 'what the project is for')
    .option('--workspace <id-or-name>', 'the workspace to make it in, as `dgw workspace list` shows it (default: the only default workspace the key sees)')
    .option('--dry-run', 'print the request instead of sending it')
    .option(...WITH_READS)
    .description('Create a project (partner key only) and print it; its id (-q prints it alone) is the value --project takes')
    .addHelpText(
      'after',
      `
Projects are made only here: a mistyped --project is "not found" (exit 4), never a new project.
The hosted service chooses the id; the local gateway uses the name as the id when it is free and
1 to 64 letters, digits, "_" or "-".
${examples('dgw --zone local project create sales', 'dgw project create "Revenue Reports" --description "monthly revenue" -q', 'dgw --zone local project create staging --dry-run', 'dgw project create staging --workspace Local --json   # the workspace by name or id')}`,
    )
    .action(wiring.action(runProjectCreate));
}

export async function runProjectCreate(ctx: Context, name: string, opts: ProjectCreateOptions): Promise<void> {
  checkNameArgument(name, 'NAME');
  if (opts.workspace !== undefined) checkNameArgument(opts.workspace, '--workspace');
  await requirePartnerKey(ctx, 'creating projects');
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  // A dry run that reads nothing cannot tell the workspace: it and its organization stay placeholders.
  const workspace = http.readsNothing ? unreadWorkspace(http, opts.workspace) : chooseWorkspace(await listAllWorkspaces(http), opts.workspace);
  const body: ProjectRequest = { name, ...(opts.description !== undefined ? { description: opts.description } : {}) };
  const project = await createProject(http, workspace, body);
  if (opts.dryRun) return;
  await ctx.out.record(project, PROJECT_FIELDS, (p) => p.id);
  ctx.out.success(`created project ${project.name} (id ${project.id}) in workspace ${workspace.name}; use it with --project ${project.id}`);
}

function unreadWorkspace(http: Http, wanted: string | undefined): WorkspaceEntry {
  const name = wanted ?? 'the default workspace';
  return { id: http.placeholder(`id of ${name}`), name, description: null, createdAt: null, defaultWorkspace: wanted === undefined, organizationId: http.placeholder(`organization of ${name}`), organizationName: '' };
}

/** The workspace named by --workspace (id, or a name no other workspace has), else the one default workspace. */
function chooseWorkspace(workspaces: WorkspaceEntry[], wanted: string | undefined): WorkspaceEntry {
  const described = (list: WorkspaceEntry[]) => list.map((w) => `${w.name} (${w.id}, organization ${w.organizationName})`).join(', ');
  if (wanted !== undefined) {
    const matches = workspacesNamed(workspaces, wanted);
    if (matches.length === 1) return matches[0];
    if (matches.length > 1) throw new UsageError(`--workspace "${wanted}" names ${matches.length} workspaces: ${described(matches)}; give an id`);
    throw new UsageError(`--workspace "${wanted}" is no workspace the key sees; it sees ${described(workspaces) || 'none'}`);
  }
  const defaults = workspaces.length === 1 ? workspaces : workspaces.filter((w) => w.defaultWorkspace);
  if (defaults.length === 1) return defaults[0];
  throw new UsageError(`choose a workspace with --workspace: the key sees ${described(workspaces) || 'none'}`);
}
