import type { MetadataStatusRecord, MetadataTableRecord } from '../../api/metadata.js';
import type { Column } from '../../output/format.js';

/** Columns of `metadata get`: one row per table, its columns counted (listed in JSON). */
export const TABLE_COLUMNS: Column<MetadataTableRecord>[] = [
  { field: 'catalogId', kind: 'id' },
  { field: 'tableName', kind: 'key', show: (t) => `${t.catalogName}.${t.schemaName}.${t.tableName}` },
  { field: 'columns', kind: 'number', show: (t) => t.columns.length },
  { field: 'useWithAI', show: (t) => (t.useWithAI === null ? '' : t.useWithAI ? 'yes' : 'no') },
  { field: 'tableDescription', kind: 'text' },
];

export const tableKey = (t: MetadataTableRecord): string => `${t.catalogId}.${t.schemaName}.${t.tableName}`;

/** Columns of `metadata status` and `metadata refresh`. */
export const STATUS_COLUMNS: Column<MetadataStatusRecord>[] = [
  { field: 'catalogId', kind: 'id' },
  { field: 'status', kind: 'key' },
  { field: 'refreshedAt', kind: 'time' },
  { field: 'message', kind: 'text' },
];

export const statusKey = (s: MetadataStatusRecord): string => s.catalogId;
