import type { Command } from 'commander';
import type { TableDeleted } from '../../contract/results.js';
import { deleteTable } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { checkTableName } from './column-specs.js';

export interface TableRmOptions {
  yes?: boolean;
  dryRun?: boolean;
}

export function registerTableRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<table>', 'stored table to delete, with all its rows')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a stored table and all its data, permanently')
    .addHelpText('after', examples('dgw table rm staging', 'dgw table rm staging --yes'))
    .action(wiring.action(runTableRm));
}

export async function runTableRm(ctx: Context, name: string, opts: TableRmOptions): Promise<void> {
  const table = checkTableName(name);
  const projectId = await ctx.projectId();
  await confirmDestructive(ctx, `delete table ${table} and all its data`, { ...opts, typeBack: table });
  const http = await ctx.http({ dryRun: opts.dryRun });
  await deleteTable(http, projectId, table);
  if (opts.dryRun) return;
  ctx.out.result({ table, deleted: true } satisfies TableDeleted, table);
  ctx.out.success(`deleted table ${table}`);
}
