import type { Command } from 'commander';
import { checkSegment } from '../../api/path.js';
import { listQueries } from '../../api/queries.js';
import { updateBiColumn, updateColumn } from '../../api/tables.js';
import type { ColumnDataType, ColumnRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { columnReaders, describeColumnReaders } from '../../impact/column-readers.js';
import { confirmDestructive, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { COLUMN_TYPES } from './column-specs.js';
import { COLUMN_COLUMNS } from './list.js';
import { NOUN, type TableKind } from './kind.js';

/** Options of `table update-column` and `bitable update-column`. */
export interface UpdateColumnOptions extends ConfirmOptions {
  rename?: string;
  type?: string;
  default?: string | false;
  notNull?: boolean;
  nullable?: boolean;
  defaultAndNoDefault?: boolean;
}

/** Registers `<kind> update-column`: the same verb for stored and BI tables, with examples of its own. */
export function registerUpdateColumn(parent: Command, wiring: Wiring, kind: TableKind, helpExamples: string[]): void {
  // commander keeps whichever of --default V and --no-default came last: both given is refused, as --not-null with --nullable.
  const given = new Set<string>();
  parent
    .command('update-column')
    .on('option:default', () => given.add('--default'))
    .on('option:no-default', () => given.add('--no-default'))
    .argument('<table>', `${NOUN[kind]} name`)
    .argument('<column>', 'the column to change')
    .option('--rename <name>', 'give the column a new name (saved queries that read it are named first)')
    .option('--type <type>', `convert the column and its rows to TYPE: ${COLUMN_TYPES.join(', ')}`)
    .option('--default <value>', 'the value new rows get when none is given')
    .option('--no-default', 'remove the default')
    .option('--not-null', 'refuse NULL in this column (fails if a row holds one)')
    .option('--nullable', 'allow NULL again')
    .option('-y, --yes', 'do not ask before a rename')
    .option('--dry-run', 'print the request instead of sending it')
    .description(`Change a column of a ${NOUN[kind]}: name, type, default, NULL allowed (all or nothing)`)
    .addHelpText(
      'after',
      `${examples(...helpExamples)}
On the local gateway --type converts every row, and is refused (exit 6, nothing changed) when a
value would not come back as itself from the new type (DECIMAL 1.25 as BIGINT is 1); the error
gives the UPDATE that changes such values on purpose. Text (VARCHAR) is parsed into the type.
`,
    )
    .action(wiring.action((ctx: Context, t: string, c: string, opts: UpdateColumnOptions) => runUpdateColumn(ctx, kind, t, c, { ...opts, defaultAndNoDefault: given.size > 1 })));
}

export async function runUpdateColumn(ctx: Context, kind: TableKind, tableArg: string, column: string, opts: UpdateColumnOptions): Promise<void> {
  const table = checkNameArgument(tableArg, 'TABLE');
  checkSegment(column, 'COLUMN');
  const change = columnChange(opts);
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  // A rename breaks the saved queries that name the column: they are named, and the rename asked for (or --yes), first.
  if (change.name !== undefined && !opts.yes && !http.readsNothing) {
    const readers = columnReaders(await listQueries(http, projectId), table, column, kind);
    if (readers.length > 0) await confirmDestructive(ctx, `rename column ${column} of ${table} to ${change.name}`, { ...opts, details: describeColumnReaders(readers, table, column) });
  }
  const send = kind === 'table' ? updateColumn : updateBiColumn;
  const columns = await send(http, projectId, table, column, change);
  if (opts.dryRun) return;
  await ctx.out.list(columns, COLUMN_COLUMNS, (c) => c.name);
  ctx.out.success(`changed column ${column} of ${NOUN[kind]} ${table}`);
}

/** The ColumnRequest the options ask for: only the fields to change. */
function columnChange(opts: UpdateColumnOptions): ColumnRequest {
  if (opts.notNull && opts.nullable) throw new UsageError('--not-null and --nullable contradict each other: give one');
  if (opts.defaultAndNoDefault) throw new UsageError('--default and --no-default contradict each other: give one');
  const change: ColumnRequest = {};
  if (opts.rename !== undefined) change.name = checkNameArgument(opts.rename, '--rename');
  if (opts.type !== undefined) {
    const type = opts.type.trim().toUpperCase() as ColumnDataType;
    if (!COLUMN_TYPES.includes(type)) throw new UsageError(`--type must be one of ${COLUMN_TYPES.join(', ')}`);
    change.dataType = type;
  }
  if (opts.default === false) change.defaultValue = null;
  else if (opts.default !== undefined) change.defaultValue = opts.default;
  if (opts.notNull) change.isNotNull = true;
  if (opts.nullable) change.isNotNull = false;
  if (Object.keys(change).length === 0) throw new UsageError('nothing to change: give --rename, --type, --default, --no-default, --not-null or --nullable');
  return change;
}
