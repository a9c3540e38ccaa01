import type { SemanticTableRecord } from '../../api/semantic-catalogs.js';
import type { Column } from '../../output/format.js';

/** Columns of `semantic-catalog add-table`. */
export const SEMANTIC_TABLE_COLUMNS: Column<SemanticTableRecord>[] = [
  { field: 'tableId', kind: 'id' },
  { field: 'tableName', kind: 'key', show: (t) => `${t.catalogName}.${t.schemaName}.${t.tableName}` },
];
