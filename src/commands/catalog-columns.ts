import type { Catalog } from '../api/types.js';
import type { Column } from '../output/format.js';

/** Fields of a catalog, as catalog list, get and create and semantic-catalog create show one. */
export const CATALOG_COLUMNS: Column<Catalog>[] = [
  { field: 'id', kind: 'key' },
  { field: 'name', kind: 'key' },
  { field: 'displayName', kind: 'text' },
  { field: 'catalogType' },
  { field: 'connectionId', kind: 'id' },
];
