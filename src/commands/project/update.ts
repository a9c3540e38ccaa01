import type { Command } from 'commander';
import { updateProject } from '../../api/organizations.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { requirePartnerKey } from '../partner-key.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { PROJECT_FIELDS } from './columns.js';
import { projectToChange } from './find.js';

/** Options of `dgw project update`. */
export interface ProjectUpdateOptions {
  name?: string;
  description?: string;
  dryRun?: boolean;
  withReads?: boolean;
}

export function registerProjectUpdate(parent: Command, wiring: Wiring): void {
  parent
    .command('update')
    .argument('<project>', 'project id, or a name only one project has')
    .option('--name <name>', 'its new name (its id stays)')
    .option('--description <text>', 'its new description ("" removes it)')
    .option('--dry-run', 'print the request instead of sending it')
    .option(...WITH_READS)
    .description('Rename a project or change its description (partner key only)')
    .addHelpText('after', examples('dgw --zone local project update demo --description "the seeded demo"', 'dgw --zone local project update demo --name Demo --json'))
    .action(wiring.action(runProjectUpdate));
}

export async function runProjectUpdate(ctx: Context, ref: string, opts: ProjectUpdateOptions): Promise<void> {
  checkNameArgument(ref, 'PROJECT');
  if (opts.name === undefined && opts.description === undefined) throw new UsageError('nothing to change: give --name, --description or both');
  if (opts.name !== undefined) checkNameArgument(opts.name, '--name');
  await requirePartnerKey(ctx, 'changing projects');
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  const project = await projectToChange(http, ref);
  // The service replaces both: what the flags leave out is sent as it is now.
  const description = opts.description ?? project.description ?? '';
  const body = { name: opts.name ?? project.name, ...(description === '' ? {} : { description }) };
  const updated = await updateProject(http, project, body);
  if (opts.dryRun) return;
  await ctx.out.record(updated, PROJECT_FIELDS, (p) => p.id);
  ctx.out.success(`updated project ${updated.name} (${updated.id})`);
}
