import type { Command } from 'commander';
import { deleteBiColumn } from '../../api/bitables.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import type { ColumnDropped } from '../../contract/results.js';
import { checkTableName } from '../table/column-specs.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `bitable drop-column`. */
export interface BitableDropColumnOptions {
  yes?: boolean;
  dryRun?: boolean;
}

export function registerBitableDropColumn(parent: Command, wiring: Wiring): void {
  parent
    .command('drop-column')
    .argument('<table>', 'BI table name')
    .argument('<column>', 'column to delete, with all its data')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a column of a BI table, permanently')
    .addHelpText('after', examples('dgw bitable drop-column sales_summary total --yes'))
    .action(wiring.action(runBitableDropColumn));
}

export async function runBitableDropColumn(ctx: Context, name: string, column: string, opts: BitableDropColumnOptions): Promise<void> {
  const table = checkTableName(name);
  checkSegment(column, 'COLUMN');
  const projectId = await ctx.projectId();
  await confirmDestructive(ctx, `delete column ${column} of BI table ${table} and all its data`, opts);
  const http = await ctx.http({ dryRun: opts.dryRun });
  await deleteBiColumn(http, projectId, table, column);
  if (opts.dryRun) return;
  ctx.out.result({ table, column, deleted: true } satisfies ColumnDropped, column);
  ctx.out.success(`deleted column ${column} of BI table ${table}`);
}
