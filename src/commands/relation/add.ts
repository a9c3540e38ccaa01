import type { Command } from 'commander';
import { addRelation, listRelations, type RelationRecord } from '../../api/relations.js';
import type { Context } from '../../context.js';
import { MalformedResponseError } from '../../errors.js';
import { catalogPath } from '../catalog-path.js';
import { examples, type Wiring } from '../wiring.js';
import { checkType, RELATION_COLUMNS, relationId, TYPE_HELP } from './columns.js';

/** Options of `relation add`. */
export interface RelationAddOptions {
  type: string;
  dryRun?: boolean;
}

export function registerRelationAdd(parent: Command, wiring: Wiring): void {
  parent
    .command('add')
    .argument('<column>', 'the column, as catalog.schema.table.column')
    .argument('<target>', 'the column it refers to, as catalog.schema.table.column')
    .option('--type <type>', TYPE_HELP, 'MANY_TO_ONE')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Relate a column to another (a foreign key the source does not declare), for the agent')
    .addHelpText(
      'after',
      `${examples('dgw relation add 1.table.orders.customer_id 1.table.customers.customer_id', 'dgw relation add 1.table.orders.customer_id 1.table.customers.customer_id --type MANY_TO_ONE --dry-run')}
The local gateway checks that both columns exist.
`,
    )
    .action(wiring.action(runRelationAdd));
}

export async function runRelationAdd(ctx: Context, column: string, target: string, opts: RelationAddOptions): Promise<void> {
  const type = checkType(opts.type);
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const from = await catalogPath(ctx, http, projectId, column, 'COLUMN', true);
  const to = await catalogPath(ctx, http, projectId, target, 'TARGET', true);
  const added = await addRelation(http, projectId, from, to, type);
  if (opts.dryRun) return;
  // An answer without the relation (empty, `{}`): the one the service lists between these columns, the last if several.
  const same = (r: RelationRecord) =>
    [r.schemaName, r.tableName, r.columnName, r.targetCatalogId, r.targetSchemaName, r.targetTableName, r.targetColumnName].join('\u0000') === [from.schema, from.table, from.column, to.catalogId, to.schema, to.table, to.column].join('\u0000');
  const shown = added ?? (await listRelations(http, projectId, from.catalogId)).filter(same).at(-1);
  if (!shown) throw new MalformedResponseError(`the service answered without the relation and lists none from ${column} to ${target}: see \`dgw relation list ${from.catalogId}\` before adding it again`);
  await ctx.out.record(shown, RELATION_COLUMNS, relationId);
  ctx.out.success(`related ${column} to ${target}`);
}
