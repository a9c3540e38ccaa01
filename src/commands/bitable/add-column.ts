import type { Command } from 'commander';
import { addBiColumns } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { checkTableName, COLUMN_TYPES, parseColumnSpecs } from '../table/column-specs.js';
import { COLUMN_COLUMNS } from '../table/list.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `bitable add-column`. */
export interface BitableAddColumnOptions {
  dryRun?: boolean;
}

export function registerBitableAddColumn(parent: Command, wiring: Wiring): void {
  parent
    .command('add-column')
    .argument('<table>', 'BI table name')
    .argument('<column...>', `columns as name:type; type: ${COLUMN_TYPES.join(', ')}`)
    .option('--dry-run', 'print the request instead of sending it')
    .description('Add columns to a BI table (one request for all of them)')
    .addHelpText('after', examples('dgw bitable add-column sales_summary orders:BIGINT'))
    .action(wiring.action(runBitableAddColumn));
}

export async function runBitableAddColumn(ctx: Context, name: string, specs: string[], opts: BitableAddColumnOptions): Promise<void> {
  const table = checkTableName(name);
  const columns = parseColumnSpecs(specs, 'COLUMN');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const added = await addBiColumns(http, projectId, table, columns);
  if (opts.dryRun) return;
  await ctx.out.list(added, COLUMN_COLUMNS, (c) => c.name);
  ctx.out.success(`added ${columns.length} ${columns.length === 1 ? 'column' : 'columns'} to BI table ${table}`);
}
