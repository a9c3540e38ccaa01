import type { DriverString } from '../../api/types.js';
import type { Column } from '../../output/format.js';

export const SALES_NEEDED = '\nThe examples naming sales read that catalog, which a fresh local gateway lacks; make it first:\n  dgw connection create sales --type duckdb --field path=sales.duckdb\n';

export const DRIVER_COLUMNS: Column<DriverString>[] = [
  { field: 'driver', kind: 'key' },
  { field: 'connectionString', kind: 'text' },
];
