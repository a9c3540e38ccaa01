import type { DriverString } from '../../api/types.js';
import type { Column } from '../../output/format.js';

export const DRIVER_COLUMNS: Column<DriverString>[] = [
  { field: 'driver', kind: 'key' },
  { field: 'connectionString', kind: 'text' },
];
