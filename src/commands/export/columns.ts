import type { ExportJob } from '../../api/types.js';
import type { Column } from '../../output/format.js';

/** An export job in lists and as a record. */
export const EXPORT_COLUMNS: Column<ExportJob>[] = [
  // What export get and cancel take: never cut nor left out.
  { field: 'id', kind: 'key' },
  { field: 'status' },
  { field: 'format', show: (e) => `${e.format}${e.compression && e.compression !== 'NONE' ? `+${e.compression}` : ''}` },
  { field: 'rowCount', kind: 'number' },
  { field: 'bytes', kind: 'number' },
  { field: 'createdAt', kind: 'time' },
  { field: 'source' },
];

/** One export job, field by field (its files and the reason it failed, when there are). */
export const EXPORT_FIELDS: Column<ExportJob>[] = [
  ...EXPORT_COLUMNS,
  { field: 'queryId' },
  { field: 'durationMs', kind: 'number' },
  { field: 'files', show: (e) => e.files.map((f) => f.name).join(', ') },
  { field: 'expiresAt', kind: 'time' },
  { field: 'error' },
];
