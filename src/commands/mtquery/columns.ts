import type { RefreshStatusRecord } from '../../api/types.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../query/columns.js';

/** Columns of `mtquery status` and the fields of one status. */
export const STATUS_COLUMNS: Column<RefreshStatusRecord>[] = [
  { field: 'queryId' },
  { field: 'queryName' },
  { field: 'status' },
  { field: 'lastExecutionStartTime' },
  { field: 'lastUpdateTime' },
  { field: 'nextExecutionStartTime' },
  { field: 'scheduleSettings', show: (s) => describeSchedule(s.scheduleSettings) },
  { field: 'message' },
];

export const statusId = (s: RefreshStatusRecord): string => s.queryId;
