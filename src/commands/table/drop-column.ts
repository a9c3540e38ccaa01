import type { Command } from 'commander';
import { dropColumn } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

export interface DropColumnOptions {
  yes?: boolean;
  dryRun?: boolean;
}

export function registerTableDropColumn(parent: Command, wiring: Wiring): void {
  parent
    .command('drop-column')
    .argument('<table>', 'stored table name')
    .argument('<column>', 'column to delete, with all its data')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a column of a stored table, permanently')
    .addHelpText('after', examples('dgw table drop-column orders discount', 'dgw table drop-column orders discount --yes', 'dgw table drop-column orders discount --dry-run'))
    .action(wiring.action(runDropColumn));
}

export async function runDropColumn(ctx: Context, table: string, column: string, opts: DropColumnOptions): Promise<void> {
  if (!table.trim()) throw new UsageError('TABLE must not be empty');
  if (!column.trim()) throw new UsageError('COLUMN must not be empty');
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  await confirmDestructive(ctx, `delete column ${column} of table ${table} and all its data`, { ...opts, typeBack: column });
  await dropColumn(http, projectId, table, column);
  if (opts.dryRun) return;
  ctx.out.result({ table, column, deleted: true }, column);
  ctx.out.success(`deleted column ${column} of ${table}`);
}
