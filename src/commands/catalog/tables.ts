import type { Command } from 'commander';
import { listCatalogTables } from '../../api/catalogs.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { placeArguments, placeNames } from './place.js';

const COLUMNS: Column<StoredTable>[] = [
  { field: 'tableName', kind: 'key' },
  { field: 'schemaName' },
  { field: 'catalogName' },
  { field: 'isCached', show: (t) => (t.isCached ? 'yes' : '') },
  { field: 'isCacheable', show: (t) => (t.isCacheable ? 'yes' : '') },
  { field: 'supportedCacheTypes', kind: 'text', show: (t) => t.supportedCacheTypes.join(',') },
  { field: 'isDynamicTable', show: (t) => (t.isDynamicTable ? 'yes' : '') },
  { field: 'catalogId', kind: 'id' },
];

export function registerCatalogTables(parent: Command, wiring: Wiring): void {
  placeArguments(parent.command('tables'), 2)
    .description('List the tables of a schema of a catalog, with whether each is cached')
    .addHelpText('after', examples('dgw catalog tables svc.table', 'dgw catalog tables svc table --json tableName,isCached'))
    .action(wiring.action(runCatalogTables));
}

export async function runCatalogTables(ctx: Context, catalog: string, schema: string | undefined, _opts: object): Promise<void> {
  const [catalogRef, schemaName] = placeNames([catalog, schema], 2);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const tables = await listCatalogTables(http, projectId, await resolveCatalogId(http, projectId, catalogRef, (m) => ctx.out.note(m), schemaName), schemaName);
  await ctx.out.list(tables, COLUMNS, (t) => t.tableName);
}
