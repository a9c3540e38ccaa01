import { Argument, type Command } from 'commander';
import { deleteConnection, resolveConnectionId } from '../../api/connections.js';
import { completes } from '../../completion/kinds.js';
import type { ConnectionDeleted } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';

export function registerConnectionRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .addArgument(completes(new Argument('<connection>', 'connection id or name'), 'connection'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a connection; SQL reading its catalog fails from then on')
    .addHelpText('after', examples('dgw connection rm events', 'dgw connection rm events --yes'))
    .action(wiring.action(runConnectionRm));
}

export async function runConnectionRm(ctx: Context, ref: string, opts: ConfirmOptions): Promise<void> {
  checkNameArgument(ref, 'CONNECTION');
  const question = (project: string) => `delete connection ${ref} of project ${project}`;
  const { http, projectId, found: id } = await confirmForProject(ctx, question, opts, (http, projectId) => resolveConnectionId(http, projectId, ref));
  await deleteConnection(http, projectId, id);
  reportChange(ctx, opts, { id, deleted: true } satisfies ConnectionDeleted, id, `deleted connection ${ref}`);
}
