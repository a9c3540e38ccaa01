import { Argument, type Command } from 'commander';
import { checkNameArgument } from '../name-argument.js';
import type { CancelRequested } from '../../contract/results.js';
import { cancelRefresh } from '../../api/materialized.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, statusId } from './columns.js';
import { completes } from '../../completion/kinds.js';

export function registerMtqueryCancel(parent: Command, wiring: Wiring): void {
  parent
    .command('cancel')
    .addArgument(completes(new Argument('<query>', 'materialized query id or SQL name'), 'mtquery'))
    .option('--dry-run', 'print the request instead of sending it')
    .description('Cancel the refresh of a materialized query that is running, if any (the previous result stays)')
    .addHelpText('after', examples('dgw mtquery cancel dailyrevenue', 'dgw mtquery cancel revenuesnapshot --json'))
    .action(wiring.action(runMtqueryCancel));
}

export async function runMtqueryCancel(ctx: Context, ref: string, opts: { dryRun?: boolean }): Promise<void> {
  checkNameArgument(ref, 'QUERY');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const [id] = await resolveQueryIds(http, projectId, [ref]);
  const asked = ctx.clock.now();
  const status = await cancelRefresh(http, projectId, id);
  if (opts.dryRun) return;
  // The document's answer has no body; the local gateway's default shape sends the status.
  if (status) await ctx.out.record(status, STATUS_COLUMNS, statusId);
  else ctx.out.result({ queryId: id, cancel: 'requested' } satisfies CancelRequested, id);
  const cancelledBefore = status?.status === 'CANCELLED' && Date.parse(status.lastUpdateTime ?? '') < asked;
  if (status?.status === 'COMPLETED' || status?.status === 'FAILED' || cancelledBefore) ctx.out.note(`no refresh of ${ref} was running (the last one ended ${status.status}): nothing was cancelled`);
  else ctx.out.success(`cancel of the refresh of ${ref} requested; see \`dgw mtquery status ${ref}\``);
}
