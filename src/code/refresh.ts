import type { Schedule } from '../api/types.js';
import { parseDuration, UNIT_MS } from '../schedule/duration.js';
import type { Refresh } from './model.js';

/** A schedule as the project holds it, with "none" as null. */
export function refreshOf(schedule: Schedule | null): Refresh | null {
  return schedule === null || schedule.type === 'none' ? null : schedule;
}

/** Whether two schedules refresh alike (`PT6H` and `PT360M`; cron up to spacing and case; no time zone is UTC). */
export function sameRefresh(a: Refresh | null, b: Refresh | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.type === 'interval' && b.type === 'interval') {
    const [x, y] = [parseDuration(a.repeatDuration), parseDuration(b.repeatDuration)];
    return x && y ? x.ms === y.ms : a.repeatDuration === b.repeatDuration;
  }
  if (a.type === 'cron' && b.type === 'cron') {
    const expr = (s: string) => s.trim().split(/\s+/).join(' ').toUpperCase();
    return expr(a.cronExpression) === expr(b.cronExpression) && (a.timezone || 'UTC') === (b.timezone || 'UTC');
  }
  return false;
}

/** An interval the way a person writes it: `6h`, `90m`, `1d`; ISO 8601 when no one unit fits. */
export function everyText(repeatDuration: string): string {
  const d = parseDuration(repeatDuration);
  if (!d) return repeatDuration;
  // The largest unit that divides it (UNIT_MS runs from seconds up).
  for (const [unit, ms] of Object.entries(UNIT_MS).reverse()) if (d.ms % ms === 0) return `${d.ms / ms}${unit}`;
  return d.iso;
}

/** One short phrase: `every 6h`, `cron 0 2 * * * (Europe/Berlin)`, `no schedule`. */
export function describeRefresh(r: Refresh | null): string {
  if (r === null) return 'no schedule';
  if (r.type === 'interval') return `every ${everyText(r.repeatDuration)}`;
  return `cron ${r.cronExpression}${r.timezone ? ` (${r.timezone})` : ''}`;
}
