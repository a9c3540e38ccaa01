import type { Command } from 'commander';
import { listRelations } from '../../api/relations.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { RELATION_COLUMNS, relationId } from './columns.js';

export function registerRelationList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .argument('<catalog>', 'catalog id or name: the relations from its tables')
    .description('List the relations from the columns of a catalog\'s tables')
    .addHelpText('after', examples('dgw relation list 1', 'dgw relation list 1 --json id,columnName,targetColumnName,type'))
    .action(wiring.action(runRelationList));
}

export async function runRelationList(ctx: Context, catalog: string, _opts: object): Promise<void> {
  checkNameArgument(catalog, 'CATALOG');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const catalogId = await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m));
  await ctx.out.list(await listRelations(http, projectId, catalogId), RELATION_COLUMNS, relationId);
}
