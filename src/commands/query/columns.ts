import type { Query } from '../../api/types.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../../schedule/describe.js';

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

/** Columns of a query list: its fields without the folder id and the SQL. */
export const QUERY_COLUMNS: Column<Query>[] = QUERY_FIELDS.filter((c) => c.field !== 'folderId' && c.field !== 'inputQuery');

export const queryId = (q: Query): string => q.id;
