import type { Command } from 'commander';
import { listCatalogColumns } from '../../api/catalogs.js';
import type { Context } from '../../context.js';
import type { ColumnRecord } from '../../api/types.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { placeArguments, resolvePlace } from './place.js';

const COLUMNS: Column<ColumnRecord>[] = [
  { field: 'name', kind: 'key' },
  { field: 'dataType' },
  { field: 'isNotNull', show: (c) => (c.isNotNull ? 'yes' : '') },
  { field: 'isUnique', show: (c) => (c.isUnique ? 'yes' : '') },
  { field: 'defaultValue', kind: 'text' },
];

export function registerCatalogColumns(parent: Command, wiring: Wiring): void {
  placeArguments(parent.command('columns'), 3)
    .description('List the columns of a table of a catalog')
    .addHelpText('after', examples('dgw catalog columns svc.table.orders', 'dgw catalog columns svc table orders --json name,dataType'))
    .action(wiring.action(runCatalogColumns));
}

export async function runCatalogColumns(ctx: Context, catalog: string, schema: string | undefined, table: string | undefined, _opts: object): Promise<void> {
  const { http, projectId, place } = await resolvePlace(ctx, [catalog, schema, table]);
  await ctx.out.list(await listCatalogColumns(http, projectId, place), COLUMNS, (c) => c.name);
}
