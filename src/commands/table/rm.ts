import type { Command } from 'commander';
import type { TableDeleted } from '../../contract/results.js';
import { deleteTable } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { endedTable } from '../../impact/name-readers.js';
import { breakageIn, confirmBreakage, savedQueries, withReadsHint } from '../breaking-reads.js';
import { ensureConfirmable } from '../confirm.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { checkTableName } from './column-specs.js';

export interface TableRmOptions {
  yes?: boolean;
  dryRun?: boolean;
  withReads?: boolean;
}

export function registerTableRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<table>', 'stored table to delete, with all its rows')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it (nothing is read either)')
    .option(...WITH_READS)
    .description('Delete a stored table and all its data, permanently')
    .addHelpText(
      'after',
      `${examples('dgw table rm staging', 'dgw table rm staging --yes', 'dgw table rm staging --dry-run --with-reads   # which saved queries read it')}
Before asking, dgw names the saved queries whose SQL reads svc.table.<table> (outside strings and
comments): they fail once the table is gone. --dry-run sends nothing at all, so it does not,
unless --with-reads. --yes skips both.
`,
    )
    .action(wiring.action(runTableRm));
}

export async function runTableRm(ctx: Context, name: string, opts: TableRmOptions): Promise<void> {
  const table = checkTableName(name);
  const what = `delete table ${table} and all its data`;
  ensureConfirmable(ctx, what, { ...opts, refusalHint: withReadsHint('dgw table rm', [table]) });
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads }), ctx.projectId()]);
  const ended = endedTable(table);
  const inspect = async () => ({ breakage: breakageIn(await savedQueries(http, projectId), [ended]), facts: { table } });
  const target = await confirmBreakage(ctx, http, what, { ...opts, typeBack: table }, inspect, { names: ended.shown, facts: { table } });
  await deleteTable(target, projectId, table);
  if (opts.dryRun) return;
  ctx.out.result({ table, deleted: true } satisfies TableDeleted, table);
  ctx.out.success(`deleted table ${table}`);
}
