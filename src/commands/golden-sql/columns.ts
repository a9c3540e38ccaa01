import type { GoldenSqlRecord } from '../../api/golden-sqls.js';
import type { Column } from '../../output/format.js';

/** Columns of `golden-sql list` and `search` (search adds the score). */
export const GOLDEN_COLUMNS: Column<GoldenSqlRecord>[] = [
  // What golden-sql rm takes: never cut nor left out.
  { field: 'id', kind: 'key' },
  { field: 'prompt', kind: 'text' },
  { field: 'sql', kind: 'text' },
  { field: 'createdAt', kind: 'time' },
];

export const goldenId = (g: GoldenSqlRecord): string => g.id;
