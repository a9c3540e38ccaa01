import { Argument, type Command } from 'commander';
import { getCache, updateCache } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { minIntervalFor } from '../../schedule/minimum.js';
import { examples, type Wiring } from '../wiring.js';
import { cacheFields, cacheId, sourceNames } from './columns.js';
import { findCache } from './resolve.js';
import { addCacheScheduleFlags, cacheSchedules, type CacheScheduleFlags } from './schedule-flags.js';

export interface CacheUpdateOptions extends CacheScheduleFlags {
  dryRun?: boolean;
}

export function registerCacheUpdate(parent: Command, wiring: Wiring): void {
  const command = parent.command('update').addArgument(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'));
  addCacheScheduleFlags(command)
    .option('--no-schedule', 'no scheduled runs (removes both schedules, unless a flag sets one)')
    .option('--dry-run', 'print the request instead of sending it')
    .description("Change a cache's schedules or its incremental column; what no flag names stays")
    .addHelpText('after', examples('dgw cache update orders --cron "30 2 * * *" --tz Europe/Istanbul', 'dgw cache update customers --incremental-column customer_id', 'dgw cache update customers --no-schedule'))
    .action(wiring.action(runCacheUpdate));
}

export async function runCacheUpdate(ctx: Context, ref: string, opts: CacheUpdateOptions): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const body = cacheSchedules(opts, await minIntervalFor(ctx), !http.hostedService);
  if (Object.keys(body).length === 0 && opts.incrementalColumn === undefined) throw new UsageError('nothing to change: give a schedule flag, --no-schedule or --incremental-column');
  const [{ id }, source] = await Promise.all([findCache(http, projectId, ref), sourceNames(ctx, http, projectId)]);
  if (opts.tz === undefined && (opts.cron ?? opts.incrementalCron) !== undefined) {
    const was = http.readsNothing ? undefined : await getCache(http, projectId, id);
    for (const [sent, old] of [[body.fullRefreshCacheSchedule, was?.fullRefreshSchedule], [body.incrementalCacheSchedule, was?.incrementalSchedule]] as const) {
      const zone = was ? old?.type === 'cron' && old.timezone : http.placeholder(`time zone of the schedule of cache ${ref}`);
      if (sent?.type === 'CRON' && zone) sent.expression = `CRON_TZ=${zone} ${sent.expression}`;
    }
  }
  const cache = await updateCache(http, projectId, id, body, opts.incrementalColumn);
  if (opts.dryRun) return;
  await ctx.out.record(cache, cacheFields(source), cacheId);
  ctx.out.success(`updated cache ${ref}`);
  // Only an answer that tells the local gateway's settings (its copy: not the hosted shape's) says there is no column.
  const saysNoColumn = cache.copy !== null && cache.incrementalColumn === null && opts.incrementalColumn === undefined;
  if (!http.hostedService && cache.incrementalSchedule && saysNoColumn) ctx.out.warn(`the incremental schedule of cache ${ref} never runs until it has an incremental column: \`dgw cache update ${ref} --incremental-column COLUMN\``);
}
