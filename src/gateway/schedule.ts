import type { Schedule } from '../api/types.js';
import { CronSyntaxError, parseCron, type CronFields } from '../schedule/cron.js';
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

/** When a schedule next fires after `after` (epoch ms); cron uses its time zone's wall clock (UTC by default). */
export function nextFireTime(schedule: Schedule | null | undefined, after: number): number | undefined {
  if (!schedule || schedule.type === 'none') return undefined;
  if (schedule.type === 'interval') {
    const d = parseDuration(schedule.repeatDuration);
    return d ? after + d.ms : undefined;
  }
  return nextCronTime(parseCron(schedule.cronExpression), schedule.timezone ?? 'UTC', after);
}

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

interface WallClock {
  month: number;
  day: number;
  hour: number;
  minute: number;
  dow: number;
}

function wallClock(t: number, timeZone: string): WallClock {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(t)) parts[p.type] = p.value;
  const dow = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), dow };
}

/** The first whole minute strictly after `after` whose wall-clock time in `timeZone` matches. */
export function nextCronTime(fields: CronFields, timeZone: string, after: number): number | undefined {
  let t = Math.floor(after / MINUTE) * MINUTE + MINUTE;
  // Steps skip whole days, hours or minutes; five years of days is a generous bound.
  for (let i = 0; i < 200_000; i++) {
    const w = wallClock(t, timeZone);
    const minutesLeftInHour = 60 - w.minute;
    const minutesLeftInDay = (23 - w.hour) * 60 + minutesLeftInHour;
    if (!fields.months.has(w.month) || !dayMatches(fields, w)) {
      t += minutesLeftInDay * MINUTE;
      continue;
    }
    if (!fields.hours.has(w.hour)) {
      t += minutesLeftInHour * MINUTE;
      continue;
    }
    if (!fields.minutes.has(w.minute)) {
      t += MINUTE;
      continue;
    }
    return t;
  }
  return undefined;
}

function dayMatches(fields: CronFields, w: WallClock): boolean {
  const dom = fields.daysOfMonth.has(w.day);
  const dow = fields.daysOfWeek.has(w.dow);
  if (fields.anyDayOfMonth && fields.anyDayOfWeek) return true;
  if (fields.anyDayOfMonth) return dow;
  if (fields.anyDayOfWeek) return dom;
  return dom || dow;
}
