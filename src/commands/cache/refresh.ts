import { Argument, type Command } from 'commander';
import { getCacheStatus, refreshCache, type CacheMode } from '../../api/caches.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { plural } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { RUN_COLUMNS, cacheId } from './columns.js';
import { findCache } from './resolve.js';
import { lastRunOf, runFailure, waitForCacheRun } from './wait.js';
import { waitLimitMs } from '../poll.js';

export interface CacheRefreshOptions {
  incremental?: boolean;
  wait?: boolean;
  dryRun?: boolean;
}

export function registerCacheRefresh(parent: Command, wiring: Wiring): void {
  parent
    .command('refresh')
    .addArgument(completes(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'), 'cache'))
    .option('--incremental', "append only the source's rows past the copy's last value of the incremental column (see cache update --incremental-column)")
    .option('--wait', 'wait until the refresh ends; exit 10 if it fails or is cancelled (bounded by --timeout, default 10m)')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Copy the source table into the cache again (or append its new rows); readers see the previous copy until it is complete')
    .addHelpText(
      'after',
      `${examples('dgw cache refresh orders --wait', 'dgw cache refresh orders --incremental --wait --json status,insertedRows')}
On the in-process local gateway the refresh ends before dgw does, so it always reports how it
ended, and exits 10 when it failed, as --wait does.
`,
    )
    .action(wiring.action(runCacheRefresh, { variant: (_ref, opts) => (opts.wait ? 'run' : ['accepted', 'run']) }));
}

export async function runCacheRefresh(ctx: Context, ref: string, opts: CacheRefreshOptions): Promise<void> {
  const [settings, projectId] = await Promise.all([ctx.settings(), ctx.projectId()]);
  const http = await ctx.http({ dryRun: opts.dryRun });
  const { id, status } = await findCache(http, projectId, ref);
  const mode: CacheMode = opts.incremental ? 'INCREMENTAL' : 'FULL_REFRESH';
  const current = opts.dryRun ? null : status ?? (await getCacheStatus(http, projectId, id));
  const before = current && lastRunOf(current, mode);
  const started = await refreshCache(http, projectId, id, mode).catch((error: unknown) => {
    if (error instanceof Error && ref !== id) error.message = error.message.replaceAll(id, ref);
    throw error;
  });
  if (opts.dryRun) return;
  if (!opts.wait && !http.inProcess) {
    ctx.out.result({ cacheId: id, refresh: 'accepted' }, id);
    ctx.out.success(`refresh of cache ${ref} started; follow it with \`dgw cache status ${ref}\``);
    return;
  }
  ctx.out.note(`waiting for the refresh of cache ${ref}…`);
  const deadlineMs = waitLimitMs(settings, http.inProcess ? Number.POSITIVE_INFINITY : 10 * 60_000);
  // The local gateway holds each poll until the run ends, so the end is seen at once and no poll competes with the copy.
  const plan = { mode, started, before, deadlineMs, firstPollMs: http.localGateway ? 1000 : 250, maxPollMs: 5000, heldPolls: http.localGateway };
  const run = await waitForCacheRun(ctx, http, projectId, id, ref, plan, `gave up on the refresh of cache ${ref} (--timeout): it was cancelled; ${current?.cachedRows === null ? 'there is still no copy' : 'the previous copy is kept'}`);
  await ctx.out.record(run, RUN_COLUMNS, cacheId);
  const failure = runFailure(ref, run, http.localGateway);
  if (failure) throw failure;
  ctx.out.success(`refresh of cache ${ref} completed: ${plural(run.cachedRows, 'row')} in the copy`);
}
