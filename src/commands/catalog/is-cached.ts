import type { Command } from 'commander';
import { isTableCached } from '../../api/catalogs.js';
import type { TableCacheResult } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { placeArguments, resolvePlace } from './place.js';

const FIELDS: Column<TableCacheResult>[] = [
  { field: 'isCached', show: (r) => (r.isCached ? 'yes' : 'no') },
  { field: 'isCacheable', show: (r) => (r.isCacheable ? 'yes' : 'no') },
  { field: 'supportedCacheTypes', show: (r) => r.supportedCacheTypes.join(',') },
];

export function registerCatalogIsCached(parent: Command, wiring: Wiring): void {
  placeArguments(parent.command('is-cached'), 3)
    .description('Say whether a table of a catalog is cached, and how it can be (exit 0 either way)')
    .addHelpText('after', examples('dgw catalog is-cached svc.table.orders', 'dgw catalog is-cached svc.table.orders --json isCached'))
    .action(wiring.action(runCatalogIsCached));
}

export async function runCatalogIsCached(ctx: Context, catalog: string, schema: string | undefined, table: string | undefined, _opts: object): Promise<void> {
  const { http, projectId, place } = await resolvePlace(ctx, [catalog, schema, table]);
  await ctx.out.record(await isTableCached(http, projectId, place), FIELDS, (r) => String(r.isCached));
}
