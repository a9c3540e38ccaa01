import type { Command } from 'commander';
import { listCatalogs } from '../../api/catalogs.js';
import type { Context } from '../../context.js';
import { CATALOG_COLUMNS } from '../catalog-columns.js';
import { examples, type Wiring } from '../wiring.js';

export function registerCatalogList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the catalogs of the project, built-in ones included')
    .addHelpText('after', examples('dgw catalog list', 'dgw catalog list --json id,name,catalogType'))
    .action(wiring.action(runCatalogList));
}

export async function runCatalogList(ctx: Context, _opts: object): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const catalogs = await listCatalogs(http, projectId);
  await ctx.out.list(catalogs, CATALOG_COLUMNS, (c) => c.id);
}
