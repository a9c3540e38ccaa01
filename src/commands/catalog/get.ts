import { Argument, type Command } from 'commander';
import { getCatalog, listCatalogs } from '../../api/catalogs.js';
import { isIdShaped } from '../../api/resolve.js';
import { matchCatalog } from '../../api/resolve-catalog.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { CATALOG_COLUMNS } from '../catalog-columns.js';

export function registerCatalogGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .alias('show')
    .addArgument(completes(new Argument('<catalog>', 'catalog id or name'), 'catalog'))
    .description('Show one catalog: its id, names, type and connection')
    .addHelpText('after', examples('dgw catalog get sales', 'dgw catalog get sales --json connectionId'))
    .action(wiring.action(runCatalogGet));
}

export async function runCatalogGet(ctx: Context, ref: string, _opts: object): Promise<void> {
  checkNameArgument(ref, 'CATALOG');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const catalog = isIdShaped(ref) ? await getCatalog(http, projectId, ref) : matchCatalog(await listCatalogs(http, projectId), ref, (m) => ctx.out.note(m));
  await ctx.out.record(catalog, CATALOG_COLUMNS, (c) => c.id);
}
