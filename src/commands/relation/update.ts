import type { Command } from 'commander';
import { updateRelation, type RelationRecord } from '../../api/relations.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { checkType, RELATION_COLUMNS, relationId, TYPE_HELP } from './columns.js';
import { findRelation } from './find.js';

/** Options of `relation update`. */
export interface RelationUpdateOptions {
  type: string;
  dryRun?: boolean;
}

export function registerRelationUpdate(parent: Command, wiring: Wiring): void {
  parent
    .command('update')
    .argument('<catalog>', 'catalog id or name of the relation\'s column')
    .argument('<id>', 'the relation\'s id (relation list shows them)')
    .requiredOption('--type <type>', TYPE_HELP)
    .option('--dry-run', 'print the request instead of sending it')
    .description('Change the kind of a relation')
    .addHelpText('after', examples('dgw relation update 1 709922802836177297 --type ONE_TO_ONE --dry-run'))
    .action(wiring.action(runRelationUpdate));
}

export async function runRelationUpdate(ctx: Context, catalog: string, id: string, opts: RelationUpdateOptions): Promise<void> {
  const type = checkType(opts.type);
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const relation = await findRelation(ctx, http, projectId, catalog, id);
  const updated = await updateRelation(http, projectId, relation, type);
  if (opts.dryRun) return;
  // An answer without the relation (empty, `{}`): the one listed, of its new type (a dry run returned above).
  await ctx.out.record(updated ?? { ...(relation as RelationRecord), type }, RELATION_COLUMNS, relationId);
  ctx.out.success(`relation ${id} is ${type} now`);
}
