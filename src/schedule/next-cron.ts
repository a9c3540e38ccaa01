import type { CronFields } from './cron.js';
import { UNIT_MS } from './duration.js';

const { m: MINUTE, h: HOUR, d: DAY } = UNIT_MS;
/** Days searched: a 29 February comes within eight years (2096, then 2104). */
const SEARCH_DAYS = 8 * 366 + 1;

/** The first minute strictly after `after` whose wall-clock time in `timeZone` matches, across daylight-saving changes as cron does; the zone is asked only about matching days. */
export function nextCronTime(fields: CronFields, timeZone: string, after: number): number | undefined {
  const offset = offsetReader(timeZone);
  const first = new Date(after + offset(after));
  const minutes = [...fields.minutes].sort((a, b) => a - b);
  const hours = [...fields.hours].sort((a, b) => a - b);
  const everyHour = hours.length === 24;
  let date = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate());
  for (let i = 0; i < SEARCH_DAYS; i++, date += DAY) {
    const day = new Date(date);
    if (!fields.months.has(day.getUTCMonth() + 1) || !dayMatches(fields, day.getUTCDate(), day.getUTCDay())) continue;
    // Offsets of the zone before and after the day (with a margin for zones far from UTC).
    const before = offset(date - 14 * HOUR);
    const afterDay = offset(date + DAY + 12 * HOUR);
    const change = before === afterDay ? undefined : changeTime(offset, date - 14 * HOUR, date + DAY + 12 * HOUR, afterDay);
    const times: number[] = [];
    for (const h of hours) {
      for (const m of minutes) {
        const local = date + h * HOUR + m * MINUTE;
        if (change === undefined) {
          times.push(local - before);
          continue;
        }
        const early = local - before;
        const late = local - afterDay;
        const valid = [early < change ? early : undefined, late >= change ? late : undefined].filter((t): t is number => t !== undefined);
        // Skipped by the clocks: fires as they jump. Repeated: once, or every time for an hourly `*` (a job every few minutes keeps its pace).
        times.push(...(valid.length === 0 ? [change] : everyHour ? valid : [Math.min(...valid)]));
      }
    }
    const next = times.sort((a, b) => a - b).find((t) => t > after);
    if (next !== undefined) return next;
  }
  return undefined;
}

function dayMatches(fields: CronFields, dayOfMonth: number, dayOfWeek: number): boolean {
  const dom = fields.daysOfMonth.has(dayOfMonth);
  const dow = fields.daysOfWeek.has(dayOfWeek);
  return fields.anyDayOfMonth || fields.anyDayOfWeek ? dom && dow : dom || dow;
}

/** The first minute in (lo, hi] at which the zone's offset is `to`, by halving. */
function changeTime(offset: (t: number) => number, lo: number, hi: number, to: number): number {
  let [a, b] = [Math.floor(lo / MINUTE), Math.ceil(hi / MINUTE)];
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (offset(mid * MINUTE) === to) b = mid;
    else a = mid;
  }
  return b * MINUTE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
function offsetReader(timeZone: string): (t: number) => number {
  const format = formatters.get(timeZone) ?? new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  formatters.set(timeZone, format);
  return (t) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(t)) p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
    return wall - Math.floor(t / 1000) * 1000;
  };
}
