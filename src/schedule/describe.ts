import type { Schedule } from '../api/types.js';

/** A schedule in a few words: `every PT6H`, `cron 0 6 * * * (Europe/Berlin)`, or empty. */
export function describeSchedule(schedule: Schedule | null | undefined): string {
  if (schedule?.type === 'interval') return `every ${schedule.repeatDuration}`;
  if (schedule?.type === 'cron') return `cron ${schedule.cronExpression} (${schedule.timezone ?? 'UTC'})`;
  return '';
}
