import { Routes } from '../router.js';
import type { Catalog } from '../../api/types.js';

/**
 * The built-in catalogs, both named `svc`, with the hosted service's fixed ids: `"1"` for the
 * internal store of tables, `"2"` for the store of queries. The local gateway has no connected sources.
 */
export const BUILT_IN_CATALOGS: readonly Catalog[] = [
  { id: '1', name: 'svc', displayName: 'Stored tables', catalogType: 'internal', connectionId: null },
  { id: '2', name: 'svc', displayName: 'Queries', catalogType: 'query', connectionId: null },
];

/** The id of the built-in catalog that holds stored tables. */
export const INTERNAL_CATALOG_ID = '1';

export function catalogRoutes(): Routes {
  return new Routes().get('/', (c) => c.json(BUILT_IN_CATALOGS));
}
