import type { RefreshStatusRecord } from '../../api/types.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../../schedule/describe.js';

/** Columns of `mtquery status` and the fields of one status. */
export const STATUS_COLUMNS: Column<RefreshStatusRecord>[] = [
  { field: 'queryId', kind: 'key' },
  { field: 'queryName', kind: 'key' },
  { field: 'status' },
  { field: 'lastExecutionStartTime', kind: 'time' },
  { field: 'lastUpdateTime', kind: 'time' },
  { field: 'nextExecutionStartTime', kind: 'time' },
  { field: 'scheduleSettings', kind: 'text', show: (s) => describeSchedule(s.scheduleSettings) },
  { field: 'message', kind: 'text' },
];

export const statusId = (s: RefreshStatusRecord): string => s.queryId;
