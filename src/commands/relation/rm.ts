import type { Command } from 'commander';
import type { Http } from '../../api/http.js';
import { deleteRelation } from '../../api/relations.js';
import type { Context } from '../../context.js';
import type { RelationDeleted } from '../../contract/results.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { findRelation } from './find.js';

export function registerRelationRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<catalog>', 'catalog id or name of the relation\'s column')
    .argument('<id>', 'the relation\'s id (relation list shows them)')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a relation (the columns stay)')
    .addHelpText('after', examples('dgw relation rm 1 709922802836177297 --yes --dry-run'))
    .action(wiring.action(runRelationRm));
}

export async function runRelationRm(ctx: Context, catalog: string, id: string, opts: ConfirmOptions): Promise<void> {
  const find = (http: Http, projectId: string) => findRelation(ctx, http, projectId, catalog, id);
  const { http, projectId, found: relation } = await confirmForProject(ctx, `delete relation ${id}`, opts, find);
  await deleteRelation(http, projectId, relation);
  reportChange(ctx, opts, { id, deleted: true } satisfies RelationDeleted, id, `deleted relation ${id}`);
}
