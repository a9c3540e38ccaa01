import type { Command } from 'commander';
import { refreshMaterializedQuery } from '../../api/materialized.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, statusId } from './columns.js';
import { waitForRefresh } from './wait.js';

export interface RefreshOptions {
  wait?: boolean;
  dryRun?: boolean;
}

const DEFAULT_WAIT_MS = 10 * 60_000;

export function registerMtqueryRefresh(parent: Command, wiring: Wiring): void {
  parent
    .command('refresh')
    .argument('<query>', 'materialized query id or SQL name')
    .option('--wait', 'wait until the refresh ends; exit 10 if it fails (bounded by --timeout, default 10m)')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Start a refresh of a materialized query now')
    .addHelpText(
      'after',
      examples('dgw mtquery refresh dailyrevenue', 'dgw mtquery refresh dailyrevenue --wait --timeout 30m', 'dgw mtquery refresh dailyrevenue --wait --json status'),
    )
    .action(wiring.action(runMtqueryRefresh));
}

export async function runMtqueryRefresh(ctx: Context, ref: string, opts: RefreshOptions): Promise<void> {
  const [settings, projectId] = await Promise.all([ctx.settings(), ctx.projectId()]);
  const http = await ctx.http({ dryRun: opts.dryRun });
  const [id] = await resolveQueryIds(http, projectId, [ref]);
  const requestedAt = ctx.clock.now();
  await refreshMaterializedQuery(http, projectId, id);
  if (opts.dryRun) return;
  if (!opts.wait) {
    ctx.out.result({ queryId: id, refresh: 'accepted' }, id);
    ctx.out.success(`refresh of ${ref} started; follow it with \`dgw mtquery status ${ref}\``);
    return;
  }
  ctx.out.note(`waiting for the refresh of ${ref}…`);
  // --timeout bounds the whole wait here; each request keeps its own timeout as well.
  const deadlineMs = settings.timeoutMs.source === 'flag' ? settings.timeoutMs.value : DEFAULT_WAIT_MS;
  const status = await waitForRefresh(http, projectId, id, requestedAt, ctx.clock, ctx.signal, { deadlineMs });
  await ctx.out.record(status, STATUS_COLUMNS, statusId);
  ctx.out.success(`refresh of ${status.queryName || ref} completed`);
}
