import { Argument, type Command } from 'commander';
import { getRefreshStatus, listRefreshStatuses } from '../../api/materialized.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, statusId } from './columns.js';
import { checkNameArgument } from '../name-argument.js';
import { completes } from '../../completion/kinds.js';

export function registerMtqueryStatus(parent: Command, wiring: Wiring): void {
  parent
    .command('status')
    .addArgument(completes(new Argument('[query]', 'materialized query id or SQL name; all of them when omitted'), 'mtquery'))
    .description('Show the refresh status of materialized queries')
    .addHelpText('after', examples('dgw mtquery status', 'dgw mtquery status dailyrevenue --json status,lastUpdateTime'))
    .action(wiring.action(runMtqueryStatus, { variant: (ref) => (ref === undefined ? 'list' : 'record') }));
}

export async function runMtqueryStatus(ctx: Context, ref: string | undefined, _opts: object): Promise<void> {
  if (ref !== undefined) checkNameArgument(ref, 'QUERY');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (ref === undefined) {
    await ctx.out.list(await listRefreshStatuses(http, projectId), STATUS_COLUMNS, statusId);
    return;
  }
  const [id] = await resolveQueryIds(http, projectId, [ref]);
  await ctx.out.record(await getRefreshStatus(http, projectId, id), STATUS_COLUMNS, statusId);
}
