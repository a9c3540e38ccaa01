import { Argument, type Command } from 'commander';
import { setCategorical, tableAfterChange } from '../../api/metadata.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { catalogPath } from '../catalog-path.js';
import { examples, wholeNumber, type Wiring } from '../wiring.js';
import { TABLE_COLUMNS, tableKey } from './columns.js';

/** Options of `metadata categorical`. */
export interface MetadataCategoricalOptions {
  limit?: string;
  frequency?: string;
  dryRun?: boolean;
}

export function registerMetadataCategorical(parent: Command, wiring: Wiring): void {
  parent
    .command('categorical')
    .addArgument(completes(new Argument('<column>', 'catalog.schema.table.column (the catalog by id or name)'), 'catalog'))
    .option('--limit <n>', 'keep at most this many values, the most frequent first (the local gateway: default 20, at most 1000)')
    .option('--frequency <when>', 'how often the service counts them again (the local gateway keeps it and counts at each metadata refresh)')
    .option('--dry-run', 'print the request instead of sending it')
    .description("Keep a column's most frequent values in the metadata, so the agent knows the values it takes")
    .addHelpText('after', examples('dgw metadata categorical svc.table.orders.status', 'dgw metadata categorical 1.table.customers.country --limit 50 --json columns'))
    .action(wiring.action(runMetadataCategorical));
}

export async function runMetadataCategorical(ctx: Context, column: string, opts: MetadataCategoricalOptions): Promise<void> {
  const limit = opts.limit === undefined ? undefined : wholeNumber(opts.limit, '--limit');
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const at = await catalogPath(ctx, http, projectId, column, 'COLUMN', true);
  const answer = await setCategorical(http, projectId, at, { limit, frequency: opts.frequency }, column.split('.')[0]);
  if (opts.dryRun) return;
  const shown = await tableAfterChange(http, projectId, at, answer);
  await ctx.out.record(shown, TABLE_COLUMNS, tableKey);
  const values = shown.columns.find((c) => c.columnName === at.column)?.categoricalValues;
  ctx.out.success(`kept ${values ? `${values.length} values` : 'the values'} of ${at.table}.${at.column}`);
}
