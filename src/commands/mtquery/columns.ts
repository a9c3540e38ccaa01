import type { RefreshStatusView } from '../../api/types.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../query/columns.js';

/** Columns of `mtquery status` and the fields of one status. */
export const STATUS_COLUMNS: Column<RefreshStatusView>[] = [
  { header: 'QUERY ID', value: (s) => s.queryId },
  { header: 'NAME', value: (s) => s.queryName },
  { header: 'STATUS', value: (s) => s.status },
  { header: 'LAST START', value: (s) => s.lastExecutionStartTime },
  { header: 'LAST UPDATE', value: (s) => s.lastUpdateTime },
  { header: 'NEXT', value: (s) => s.nextExecutionStartTime },
  { header: 'SCHEDULE', value: (s) => describeSchedule(s.scheduleSettings) },
  { header: 'MESSAGE', value: (s) => s.message ?? null },
];

export const statusId = (s: RefreshStatusView): string => s.queryId;
