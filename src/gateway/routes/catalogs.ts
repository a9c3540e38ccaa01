import { Hono } from 'hono';
import type { Catalog } from '../../api/types.js';
import type { GatewayEnv } from '../app.js';

/** The built-in catalogs: fixed ids, both named `svc`. The local gateway has no connected sources. */
export const BUILT_IN_CATALOGS: readonly Catalog[] = [
  { id: 'svc-internal', name: 'svc', displayName: 'Stored tables', catalogType: 'internal', connectionId: null },
  { id: 'svc-query', name: 'svc', displayName: 'Queries', catalogType: 'query', connectionId: null },
];

export function catalogRoutes(): Hono<GatewayEnv> {
  return new Hono<GatewayEnv>().get('/', (c) => c.json(BUILT_IN_CATALOGS));
}
