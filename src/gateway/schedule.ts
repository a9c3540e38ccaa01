import type { Schedule } from '../api/types.js';
import { CronSyntaxError, parseCron } from '../schedule/cron.js';
import { nextCronTime } from '../schedule/next-cron.js';
import { parseDuration, type Duration } from '../schedule/duration.js';
import { intervalTooLong, intervalTooShort, MIN_INTERVAL } from '../schedule/minimum.js';
import { isValidTimeZone } from '../schedule/timezone.js';
import { badRequest } from './errors.js';

/** Checks a request's schedule and returns it in the spec's form; an interval shorter than `minInterval` is refused. */
export function normaliseSchedule(value: unknown, minInterval: Duration = MIN_INTERVAL): Schedule | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('schedule must be an object');
  const s = value as Record<string, unknown>;
  const type = s.type;
  if (type !== 'interval' && type !== 'cron' && type !== 'none') throw badRequest('schedule.type must be one of interval, cron, none');
  if (type === 'none') return { type: 'none' };
  if (type === 'interval') {
    const raw = s.repeatDuration ?? s.expression;
    if (typeof raw !== 'string') throw badRequest('schedule.repeatDuration must be an ISO 8601 duration string, such as PT6H');
    // The service reads ISO 8601 only; dgw's own `6h` taken here would pass locally and fail there.
    const d = /^\s*P/i.test(raw) ? parseDuration(raw) : undefined;
    if (!d) throw badRequest(`schedule.repeatDuration "${raw}" is not an ISO 8601 duration such as PT30M, PT6H or P1D`);
    const outOfRange = intervalTooShort(d, minInterval) ?? intervalTooLong(d);
    if (outOfRange) throw badRequest(`schedule.repeatDuration: ${outOfRange}`);
    return { type: 'interval', repeatDuration: d.iso };
  }
  const expr = s.cronExpression ?? s.expression;
  if (typeof expr !== 'string') throw badRequest('schedule.cronExpression must be a string of five cron fields');
  try {
    parseCron(expr);
  } catch (error) {
    if (error instanceof CronSyntaxError) throw badRequest(`schedule.cronExpression: ${error.message}`);
    throw error;
  }
  if (s.timezone !== undefined && s.timezone !== null) {
    if (typeof s.timezone !== 'string' || !isValidTimeZone(s.timezone)) throw badRequest(`schedule.timezone "${String(s.timezone)}" is not an IANA time zone`);
    return { type: 'cron', cronExpression: expr.trim(), timezone: s.timezone };
  }
  return { type: 'cron', cronExpression: expr.trim() };
}

/** The same schedule (as stored): sent again unchanged, it keeps the time it was set, and a missed run. */
export function sameSchedule(a: Schedule | null, b: Schedule | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** When a schedule next fires after `after` (epoch ms); cron uses its time zone's wall clock (UTC by default). */
export function nextFireTime(schedule: Schedule | null | undefined, after: number): number | undefined {
  if (!schedule || schedule.type === 'none') return undefined;
  if (schedule.type === 'interval') {
    const d = parseDuration(schedule.repeatDuration);
    return d ? after + d.ms : undefined;
  }
  try {
    return nextCronTime(parseCron(schedule.cronExpression), schedule.timezone ?? 'UTC', after);
  } catch (error) {
    // One stored before dgw refused it (30 February), or in a zone this runtime has no rules for: it never fires.
    if (error instanceof CronSyntaxError || (error instanceof RangeError && /time zone/i.test(error.message))) return undefined;
    throw error;
  }
}
