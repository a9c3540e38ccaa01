import type { Query } from '../../api/types.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../../schedule/describe.js';

export { describeSchedule };

export const QUERY_COLUMNS: Column<Query>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'displayName', kind: 'text' },
  { field: 'queryType' },
  { field: 'path', kind: 'text', show: (q) => q.path ?? '/' },
  { field: 'schedule', kind: 'text', show: (q) => describeSchedule(q.schedule) },
];

/** Fields of `query get` and of a created or updated query. */
export const QUERY_FIELDS: Column<Query>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'displayName', kind: 'text' },
  { field: 'queryType' },
  { field: 'path', kind: 'text', show: (q) => q.path ?? '/' },
  { field: 'folderId', kind: 'id' },
  { field: 'schedule', kind: 'text', show: (q) => describeSchedule(q.schedule) },
  { field: 'inputQuery', kind: 'text' },
];

export const queryId = (q: Query): string => q.id;
