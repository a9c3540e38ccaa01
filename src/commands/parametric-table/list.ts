import type { Command } from 'commander';
import { listParametricTables } from '../../api/parametric-tables.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { EXAMPLES_NEED, PARAMETRIC_COLUMNS } from './columns.js';

export function registerParametricTableList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .argument('<catalog>', 'catalog id or name')
    .description('List the parametric tables of a catalog')
    .addHelpText('after', EXAMPLES_NEED + examples('dgw parametric-table list visits', 'dgw parametric-table list visits --json toSchema,toTable,paramValues'))
    .action(wiring.action(runParametricTableList));
}

export async function runParametricTableList(ctx: Context, catalog: string, _opts: object): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const catalogId = await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m));
  await ctx.out.list(await listParametricTables(http, projectId, catalogId), PARAMETRIC_COLUMNS, (t) => `${t.toSchema}.${t.toTable}`);
}
