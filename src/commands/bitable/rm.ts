import type { Command } from 'commander';
import { deleteBiTable } from '../../api/bitables.js';
import type { Context } from '../../context.js';
import type { TableDeleted } from '../../contract/results.js';
import { checkTableName } from '../table/column-specs.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `bitable rm`. */
export interface BitableRmOptions {
  yes?: boolean;
  dryRun?: boolean;
}

export function registerBitableRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<table>', 'BI table to delete, with all its rows')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a BI table and all its data, permanently')
    .addHelpText('after', examples('dgw bitable rm sales_summary --dry-run', 'dgw bitable rm sales_summary --yes'))
    .action(wiring.action(runBitableRm));
}

export async function runBitableRm(ctx: Context, name: string, opts: BitableRmOptions): Promise<void> {
  const table = checkTableName(name);
  const projectId = await ctx.projectId();
  await confirmDestructive(ctx, `delete BI table ${table} and all its data`, opts);
  const http = await ctx.http({ dryRun: opts.dryRun });
  await deleteBiTable(http, projectId, table);
  if (opts.dryRun) return;
  ctx.out.result({ table, deleted: true } satisfies TableDeleted, table);
  ctx.out.success(`deleted BI table ${table}`);
}
