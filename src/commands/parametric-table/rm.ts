import type { Command } from 'commander';
import type { Http } from '../../api/http.js';
import { deleteParametricTable } from '../../api/parametric-tables.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { Context } from '../../context.js';
import type { TableDeleted } from '../../contract/results.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { EXAMPLES_NEED, schemaAndTable } from './columns.js';

export function registerParametricTableRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<catalog>', 'catalog id or name')
    .argument('<table>', 'the parametric table, as schema.table')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a parametric table (its base table stays)')
    .addHelpText('after', EXAMPLES_NEED + examples('dgw parametric-table rm visits main.pricing_visits --yes'))
    .action(wiring.action(runParametricTableRm));
}

export async function runParametricTableRm(ctx: Context, catalog: string, target: string, opts: ConfirmOptions): Promise<void> {
  const to = schemaAndTable(target, 'TABLE');
  const find = (http: Http, projectId: string) => resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m));
  const { http, projectId, found: catalogId } = await confirmForProject(ctx, `delete parametric table ${target}`, opts, find);
  await deleteParametricTable(http, projectId, catalogId, to.schema, to.table);
  reportChange(ctx, opts, { table: `${to.schema}.${to.table}`, deleted: true } satisfies TableDeleted, target, `deleted parametric table ${target}`);
}
