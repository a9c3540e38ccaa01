import type { Query, Schedule } from '../../api/types.js';
import type { Column } from '../../output/format.js';

/** A schedule in a few words: `every PT6H`, `cron 0 6 * * * (Europe/Berlin)`, or empty. */
export function describeSchedule(schedule: Schedule | null | undefined): string {
  if (schedule?.type === 'interval') return `every ${schedule.repeatDuration}`;
  if (schedule?.type === 'cron') return `cron ${schedule.cronExpression} (${schedule.timezone ?? 'UTC'})`;
  return '';
}

/** Columns of `query list`. */
export const QUERY_COLUMNS: Column<Query>[] = [
  { header: 'ID', value: (q) => q.id },
  { header: 'NAME', value: (q) => q.name },
  { header: 'DISPLAY NAME', value: (q) => q.displayName },
  { header: 'TYPE', value: (q) => q.queryType },
  { header: 'PATH', value: (q) => q.path ?? '/' },
  { header: 'SCHEDULE', value: (q) => describeSchedule(q.schedule) },
];

/** Fields of `query get` and of a created or updated query. */
export const QUERY_FIELDS: Column<Query>[] = [
  { header: 'id', value: (q) => q.id },
  { header: 'name', value: (q) => q.name },
  { header: 'display name', value: (q) => q.displayName },
  { header: 'type', value: (q) => q.queryType },
  { header: 'path', value: (q) => q.path ?? '/' },
  { header: 'folder id', value: (q) => q.folderId },
  { header: 'schedule', value: (q) => describeSchedule(q.schedule) },
  { header: 'sql', value: (q) => q.inputQuery },
];

export const queryId = (q: Query): string => q.id;
