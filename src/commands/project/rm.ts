import type { Command } from 'commander';
import { deleteProject } from '../../api/organizations.js';
import type { ProjectDeleted } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { confirmDestructive, ensureConfirmable, reportChange, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { projectToChange } from './find.js';

export function registerProjectRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<project>', 'project id, or a name only one project has')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .option(...WITH_READS)
    .description('Delete a project and everything in it: queries, tables, connections, caches, keys (partner key only)')
    .addHelpText(
      'after',
      `${examples('dgw --zone local project create scratch', 'dgw --zone local project rm scratch --dry-run --with-reads', 'dgw --zone local project rm scratch --yes')}
On a terminal, dgw asks you to type the project's id. The local gateway stops what runs in the
project and removes its database and files; a deleted demo project stays deleted until
\`dgw --zone local project create demo\` makes it again, with its sample tables.
`,
    )
    .action(wiring.action(runProjectRm));
}

export async function runProjectRm(ctx: Context, ref: string, opts: ConfirmOptions): Promise<void> {
  checkNameArgument(ref, 'PROJECT');
  await requirePartnerKey(ctx, 'deleting projects');
  ensureConfirmable(ctx, `delete project ${ref}`, opts);
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  const project = await projectToChange(http, ref);
  await confirmDestructive(ctx, `delete project ${project.name} (${project.id}) and everything in it`, { ...opts, typeBack: project.id });
  await deleteProject(http, project);
  reportChange(ctx, opts, { id: project.id, deleted: true } satisfies ProjectDeleted, project.id, `deleted project ${project.name} (${project.id})`);
}
