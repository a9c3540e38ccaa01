import type { Command } from 'commander';
import type { ColumnDropped } from '../../contract/results.js';
import type { Http } from '../../api/http.js';
import { getCache, listCacheStatuses } from '../../api/caches.js';
import { listQueries } from '../../api/queries.js';
import { deleteBiColumn, dropColumn, listBiColumns, listColumns } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { DgwError, InterruptedError, NotFoundError, UsageError } from '../../errors.js';
import { columnReaders, describeColumnReaders, type ColumnReader } from '../../impact/column-readers.js';
import { ensureConfirmable, confirmDestructive, willAsk, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { checkSegment } from '../../api/path.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { NOUN, SHORT_NOUN, type TableKind } from './kind.js';

/** Registers `<kind> drop-column`, for stored tables and BI tables; `sample` is the table and column of its examples. */
export function registerTableDropColumn(parent: Command, wiring: Wiring, kind: TableKind = 'table', sample = 'orders discount'): void {
  parent
    .command('drop-column')
    .argument('<table>', `${NOUN[kind]} name`)
    .argument('<column>', 'column to delete, with all its data')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it (nothing is read either)')
    .option(...WITH_READS)
    .description(`Delete a column of a ${NOUN[kind]}, permanently`)
    .addHelpText(
      'after',
      `${examples(`dgw ${kind} drop-column ${sample} --dry-run --with-reads`, `dgw ${kind} drop-column ${sample}`, `dgw ${kind} drop-column ${sample} --yes`)}
Before asking, dgw checks that the column exists and names the saved queries whose SQL reads
it (--dry-run sends nothing at all, so it does not, unless --with-reads): those that name the column outside strings and comments, and those
that select * from the table. It reads the SQL text, so a query joining another table with a
column of the same name is named too, and SQL built at run time is not seen. --yes skips both.
`,
    )
    .action(wiring.action((ctx: Context, table: string, column: string, opts: ConfirmOptions) => runDropColumn(ctx, table, column, opts, kind)));
}

export async function runDropColumn(ctx: Context, table: string, column: string, opts: ConfirmOptions, kind: TableKind = 'table'): Promise<void> {
  if (!table.trim()) throw new UsageError('TABLE must not be empty');
  if (!column.trim()) throw new UsageError('COLUMN must not be empty');
  checkSegment(table, 'TABLE');
  checkSegment(column, 'COLUMN');
  const what = `delete column ${column} of ${SHORT_NOUN[kind]} ${table} and all its data`;
  ensureConfirmable(ctx, what, opts);
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads }), ctx.projectId()]);
  let target = http;
  let details: string[] | undefined;
  // Check first, ask second: a person (or a dry run) learns what the drop breaks before it happens.
  if (http.readsNothing) {
    const lines = [`This would ${what}.`, '(a dry run reads nothing: add --with-reads to check that the column exists and name the saved queries that read it, as a real run does before asking)'];
    target = http.describing({ lines, facts: { table, column, readers: null } });
  } else if (willAsk(ctx, opts) || http.dryRun) {
    await requireColumn(http, projectId, table, column, kind);
    const readers = await readersOf(http, projectId, table, column, kind);
    details = typeof readers === 'string' ? [readers] : describeColumnReaders(readers, table, column);
    const caches = kind === 'table' && http.localGateway ? (await listCacheStatuses(http, projectId, '1', 'table')).filter((c) => c.tableName.toLowerCase() === table.toLowerCase()) : [];
    for (const c of caches) {
      if ((await getCache(http, projectId, c.id)).incrementalColumn?.toLowerCase() === column.toLowerCase()) details.push(`Cache ${c.id} of ${table} refreshes incrementally by ${column}: its incremental refreshes will fail.`);
    }
    target = http.describing({ lines: [`This would ${what}.`, ...details], facts: { table, column, readers: typeof readers === 'string' ? null : readers } });
  }
  await confirmDestructive(ctx, what, { ...opts, typeBack: column, details });
  await (kind === 'table' ? dropColumn : deleteBiColumn)(target, projectId, table, column);
  reportChange(ctx, opts, { table, column, deleted: true } satisfies ColumnDropped, column, `deleted column ${column} of ${table}`);
}

/** A missing table or column (exit 4), or the only one, which the local gateway keeps, is found before the question; names compare in any case. */
async function requireColumn(http: Http, projectId: string, table: string, column: string, kind: TableKind): Promise<void> {
  const columns = await (kind === 'table' ? listColumns : listBiColumns)(http, projectId, table);
  if (Array.isArray(columns) && !columns.some((c) => c.name.toLowerCase() === column.toLowerCase())) {
    const names = columns.map((c) => c.name);
    throw new NotFoundError(`table ${table} has no column ${column}; its columns: ${names.join(', ') || '(none)'}${didYouMean(column, names)}`);
  }
  if (Array.isArray(columns) && columns.length === 1 && http.localGateway) throw new UsageError(`${columns[0].name} is the only column of ${table}; a table keeps at least one column (delete the table instead)`);
}

/** The readers of the column, or why they could not be found (the drop may still go ahead). */
async function readersOf(http: Http, projectId: string, table: string, column: string, kind: TableKind): Promise<ColumnReader[] | string> {
  try {
    return columnReaders(await listQueries(http, projectId), table, column, kind);
  } catch (error) {
    if (error instanceof InterruptedError || !(error instanceof DgwError)) throw error;
    return `(the saved queries could not be read to find those that use ${column}: ${error.message})`;
  }
}
