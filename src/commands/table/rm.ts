import type { Command } from 'commander';
import type { TableDeleted } from '../../contract/results.js';
import { deleteBiTable, deleteTable } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { endedTable } from '../../impact/name-readers.js';
import { breakageIn, confirmBreakage, savedQueries, withReadsHint } from '../breaking-reads.js';
import { ensureConfirmable, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { checkNameArgument } from '../name-argument.js';
import { NOUN, SHORT_NOUN, type TableKind } from './kind.js';

/** Registers `<kind> rm`: the same verb for stored tables and BI tables. */
export function registerTableRm(parent: Command, wiring: Wiring, kind: TableKind = 'table', sample = 'staging'): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<table>', `${NOUN[kind]} to delete, with all its rows`)
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it (nothing is read either)')
    .option(...WITH_READS)
    .description(`Delete a ${NOUN[kind]} and all its data, permanently`)
    .addHelpText(
      'after',
      `${examples(`dgw ${kind} rm ${sample}`, `dgw ${kind} rm ${sample} --yes`, `dgw ${kind} rm ${sample} --dry-run --with-reads   # which saved queries read it`)}
Before asking, dgw names the saved queries whose SQL reads svc.${kind}.<table> (outside strings and
comments): they fail once the table is gone. --dry-run sends nothing at all, so it does not,
unless --with-reads. --yes skips both.
`,
    )
    .action(wiring.action((ctx: Context, name: string, opts: ConfirmOptions) => runTableRm(ctx, name, opts, kind)));
}

export async function runTableRm(ctx: Context, name: string, opts: ConfirmOptions, kind: TableKind = 'table'): Promise<void> {
  const table = checkNameArgument(name, 'TABLE');
  const what = `delete ${SHORT_NOUN[kind]} ${table} and all its data`;
  ensureConfirmable(ctx, what, { ...opts, refusalHint: withReadsHint(`dgw ${kind} rm`, [table]) });
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads }), ctx.projectId()]);
  const ended = endedTable(table, kind);
  const inspect = async () => ({ breakage: breakageIn(await savedQueries(http, projectId), [ended]), facts: { table } });
  const target = await confirmBreakage(ctx, http, what, { ...opts, typeBack: table }, inspect, { names: ended.shown, facts: { table } });
  await (kind === 'table' ? deleteTable : deleteBiTable)(target, projectId, table);
  reportChange(ctx, opts, { table, deleted: true } satisfies TableDeleted, table, `deleted ${SHORT_NOUN[kind]} ${table}`);
}
