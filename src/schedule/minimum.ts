import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { parseDuration, type Duration } from './duration.js';

/** One minute: cron's resolution, and below every interval the hosted service's document shows. */
export const MIN_INTERVAL: Duration = { iso: 'PT1M', ms: 60_000 };

/** The environment variable that lowers the local gateway's minimum (to try schedules quickly). */
const MIN_INTERVAL_ENV = 'DGW_LOCAL_MIN_INTERVAL';

/** The local gateway's minimum: `DGW_LOCAL_MIN_INTERVAL` when set, else one minute; a bad value is a usage error. */
export function localMinInterval(env: Record<string, string | undefined>): Duration {
  const text = env[MIN_INTERVAL_ENV];
  if (text === undefined || text === '') return MIN_INTERVAL;
  const duration = parseDuration(text);
  if (!duration) throw new UsageError(`${MIN_INTERVAL_ENV}: "${text}" is not a duration; use 10s, 1m or ISO 8601 such as PT10S`);
  return duration;
}

/** A year and a day: a longer interval puts the next run past any date a client reads (year +116106). */
const MAX_INTERVAL: Duration = { iso: 'P366D', ms: 366 * 86_400_000 };

/** Why an interval is too short for the minimum, or undefined when it is not. */
export function intervalTooShort(interval: Duration, minimum: Duration = MIN_INTERVAL): string | undefined {
  if (interval.ms >= minimum.ms) return undefined;
  return `${interval.iso} is shorter than the minimum interval between refreshes, ${minimum.iso}`;
}

/** Why an interval is too long, or undefined when it is not. */
export function intervalTooLong(interval: Duration): string | undefined {
  if (interval.ms <= MAX_INTERVAL.ms) return undefined;
  return `${interval.iso} is longer than the longest interval between refreshes, ${MAX_INTERVAL.iso}; use a cron schedule for yearly runs`;
}

/** The shortest `--every` the target accepts: for zone local, the minimum of a `dgw serve` holding the folder, else this environment's; one minute elsewhere. */
export async function minIntervalFor(ctx: Context): Promise<Duration> {
  const s = await ctx.settings();
  if (s.zone.value !== 'local' || s.baseUrl.value !== undefined) return MIN_INTERVAL;
  const [{ readLiveLock }, { localDataDir }] = await Promise.all([import('../gateway/lock.js'), import('../gateway/paths.js')]);
  const holder = await readLiveLock(localDataDir(ctx.env)).catch(() => undefined);
  const served = holder?.mode === 'serve' && holder.url && holder.minInterval ? parseDuration(holder.minInterval) : undefined;
  return served ?? localMinInterval(ctx.env);
}
