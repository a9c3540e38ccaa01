import type { Command } from 'commander';
import { listCatalogColumns } from '../../api/catalogs.js';
import type { Context } from '../../context.js';
import { COLUMN_COLUMNS } from '../table/list.js';
import { examples, type Wiring } from '../wiring.js';
import { placeArguments, resolvePlace } from './place.js';

export function registerCatalogColumns(parent: Command, wiring: Wiring): void {
  placeArguments(parent.command('columns'), 3)
    .description('List the columns of a table of a catalog')
    .addHelpText('after', examples('dgw catalog columns svc.table.orders', 'dgw catalog columns svc table orders --json name,dataType'))
    .action(wiring.action(runCatalogColumns));
}

export async function runCatalogColumns(ctx: Context, catalog: string, schema: string | undefined, table: string | undefined, _opts: object): Promise<void> {
  const { http, projectId, place } = await resolvePlace(ctx, [catalog, schema, table]);
  await ctx.out.list(await listCatalogColumns(http, projectId, place), COLUMN_COLUMNS, (c) => c.name);
}
