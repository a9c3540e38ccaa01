import type { Schedule } from '../api/types.js';

/** A schedule in a few words: `every PT6H`, `cron 0 6 * * * (Europe/Berlin)`, `none`; null for no schedule at all. */
export function describeSchedule(schedule: Schedule | null | undefined): string | null {
  if (schedule?.type === 'interval') return `every ${schedule.repeatDuration}`;
  if (schedule?.type === 'cron') return `cron ${schedule.cronExpression} (${schedule.timezone ?? 'UTC'})`;
  return schedule ? 'none' : null;
}
