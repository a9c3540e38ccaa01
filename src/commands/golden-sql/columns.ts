import type { GoldenSqlRecord } from '../../api/golden-sqls.js';
import type { Column } from '../../output/format.js';

/** Columns of `golden-sql list` and `search` (search adds the score). */
export const GOLDEN_COLUMNS: Column<GoldenSqlRecord>[] = [
  { field: 'id', kind: 'id' },
  { field: 'prompt', kind: 'text' },
  { field: 'sql', kind: 'text' },
  { field: 'createdAt', kind: 'time', show: (g) => g.createdAt ?? '' },
];

export const goldenId = (g: GoldenSqlRecord): string => g.id;
