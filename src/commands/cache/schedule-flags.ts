import { Option, type Command } from 'commander';
import { wireCacheSchedule, type WireCacheSchedule } from '../../api/caches.js';
import type { Schedule } from '../../api/types.js';
import type { Duration } from '../../schedule/duration.js';
import { parseScheduleInput, ScheduleInputError } from '../../schedule/input.js';
import { UsageError } from '../../errors.js';

/** The schedule flags of `cache create` and `cache update`. */
export interface CacheScheduleFlags {
  every?: string;
  cron?: string;
  tz?: string;
  incrementalEvery?: string;
  incrementalCron?: string;
  incrementalColumn?: string;
  /** false with --no-schedule. */
  schedule?: boolean;
}

export function addCacheScheduleFlags(command: Command): Command {
  return command
    .addOption(new Option('--every <duration>', 'full refresh interval: 30m, 6h, 1d or ISO 8601 (PT6H)').conflicts('cron'))
    .addOption(new Option('--cron <expr>', 'full refresh on a five-field cron expression (the local gateway only: the service takes --every)').conflicts('every'))
    .addOption(new Option('--incremental-every <duration>', 'incremental update interval').conflicts('incrementalCron'))
    .addOption(new Option('--incremental-cron <expr>', 'incremental update on a five-field cron expression (the local gateway only)').conflicts('incrementalEvery'))
    .option('--tz <zone>', "IANA time zone of --cron and --incremental-cron (default UTC; on update, the schedule's own)")
    .option('--incremental-column <column>', "the source's column an incremental update continues from: it appends the rows past the copy's last value of it (the local gateway only)");
}

function one(every: string | undefined, cron: string | undefined, tz: string | undefined, names: [string, string], minInterval: Duration): Schedule | undefined {
  try {
    return parseScheduleInput({ every, cron, tz: cron === undefined ? undefined : tz }, { label: (f) => (f === 'every' ? names[0] : f === 'cron' ? names[1] : '--tz'), minInterval });
  } catch (error) {
    if (!(error instanceof ScheduleInputError)) throw error;
    throw new UsageError(error.message.startsWith('--') ? error.message : `${error.field === 'every' ? names[0] : error.field === 'cron' ? names[1] : '--tz'}: ${error.message}`);
  }
}

/**
 * The schedules the flags ask for, as the document's bodies carry them; a schedule no flag names is left out. Cron and the
 * incremental column are the local gateway's: a hosted zone's cache schedule is an interval or none, and it finds the changes itself.
 */
export function cacheSchedules(flags: CacheScheduleFlags, minInterval: Duration, extensionsAllowed: boolean): { fullRefreshCacheSchedule?: WireCacheSchedule; incrementalCacheSchedule?: WireCacheSchedule } {
  if (flags.tz !== undefined && flags.cron === undefined && flags.incrementalCron === undefined) throw new UsageError('--tz only applies to --cron and --incremental-cron');
  // An empty name would be left out of the request, and the command would say it changed what it did not.
  if (flags.incrementalColumn?.trim() === '') throw new UsageError('--incremental-column must name a column');
  if (!extensionsAllowed) {
    const cron = flags.cron !== undefined ? '--cron' : flags.incrementalCron !== undefined ? '--incremental-cron' : undefined;
    if (cron) throw new UsageError(`${cron} is the local gateway's: the hosted service schedules caches by interval only; use ${cron === '--cron' ? '--every' : '--incremental-every'} (30m, 6h, 1d)`);
    if (flags.incrementalColumn !== undefined) throw new UsageError("--incremental-column is the local gateway's: the hosted service finds the changed rows by itself");
  }
  const full = one(flags.every, flags.cron, flags.tz, ['--every', '--cron'], minInterval);
  const incremental = one(flags.incrementalEvery, flags.incrementalCron, flags.tz, ['--incremental-every', '--incremental-cron'], minInterval);
  const none = flags.schedule === false ? wireCacheSchedule(null) : undefined;
  const fullSchedule = full ? wireCacheSchedule(full) : none;
  const incrementalSchedule = incremental ? wireCacheSchedule(incremental) : none;
  return { ...(fullSchedule ? { fullRefreshCacheSchedule: fullSchedule } : {}), ...(incrementalSchedule ? { incrementalCacheSchedule: incrementalSchedule } : {}) };
}
