import { Routes } from '../router.js';
import type { Catalog } from '../../api/types.js';

/** The built-in catalogs, both `svc`, with the hosted service's fixed ids: `"1"` tables, `"2"` queries. */
export const BUILT_IN_CATALOGS: readonly Catalog[] = [
  { id: '1', name: 'svc', displayName: 'Stored tables', catalogType: 'internal', connectionId: null },
  { id: '2', name: 'svc', displayName: 'Queries', catalogType: 'query', connectionId: null },
];

/** The id of the built-in catalog that holds stored tables. */
export const INTERNAL_CATALOG_ID = '1';

export function catalogRoutes(): Routes {
  return new Routes().get('/', (c) => c.json(BUILT_IN_CATALOGS));
}
