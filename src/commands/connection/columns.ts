import type { Connection } from '../../api/types.js';
import type { Column } from '../../output/format.js';

/** Fields of a connection: never its credential, which the service does not send with it. */
export const CONNECTION_COLUMNS: Column<Connection>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'type' },
  { field: 'url', kind: 'text' },
];
