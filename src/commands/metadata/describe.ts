import { Argument, type Command } from 'commander';
import { describeTable, tableAfterChange, type TableChange } from '../../api/metadata.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { catalogPath } from '../catalog-path.js';
import { collect, examples, type Wiring } from '../wiring.js';
import { TABLE_COLUMNS, tableKey } from './columns.js';

/** Options of `metadata describe`. */
export interface MetadataDescribeOptions {
  description?: string;
  column: string[];
  useWithAi?: boolean;
  dryRun?: boolean;
}

export function registerMetadataDescribe(parent: Command, wiring: Wiring): void {
  parent
    .command('describe')
    .addArgument(completes(new Argument('<table>', 'catalog.schema.table (the catalog by id or name)'), 'catalog'))
    .option('--description <text>', 'what the table holds ("" removes the description)')
    .option('--column <name=text>', 'what a column holds, repeatable ("name=" removes it)', collect, [])
    .option('--use-with-ai', 'let the agent use the table')
    .option('--no-use-with-ai', 'keep the agent away from the table')
    .option('--dry-run', 'print the request instead of sending it')
    .description("Describe a table and its columns in the project's metadata, or say whether the agent may use it")
    .addHelpText(
      'after',
      examples(
        'dgw metadata describe svc.table.orders --description "One row per order" --column "status=paid, shipped or refunded"',
        'dgw metadata describe 1.table.customers --no-use-with-ai --json tableName,useWithAI',
      ),
    )
    .action(wiring.action(runMetadataDescribe));
}

export async function runMetadataDescribe(ctx: Context, table: string, opts: MetadataDescribeOptions): Promise<void> {
  const change: TableChange = {};
  if (opts.description !== undefined) change.tableDescription = opts.description;
  if (opts.column.length > 0) change.columns = opts.column.map(columnNote);
  const twice = change.columns?.find((c, i, all) => all.findIndex((o) => o.columnName === c.columnName) !== i);
  if (twice) throw new UsageError(`--column names ${twice.columnName} twice: give each column one description`);
  if (opts.useWithAi !== undefined) change.useWithAI = opts.useWithAi;
  if (Object.keys(change).length === 0) throw new UsageError('nothing to change: give --description, --column or --use-with-ai/--no-use-with-ai');
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const at = await catalogPath(ctx, http, projectId, table, 'TABLE', false);
  const answer = await describeTable(http, projectId, at, change, table.split('.')[0]);
  if (opts.dryRun) return;
  await ctx.out.record(await tableAfterChange(http, projectId, at, answer), TABLE_COLUMNS, tableKey);
  ctx.out.success(`described ${table}`);
}

/** `name=text`: a column's description (empty text removes it). */
function columnNote(given: string): { columnName: string; columnDescription: string } {
  const at = given.indexOf('=');
  if (at <= 0) throw new UsageError(`--column ${JSON.stringify(given)}: give name=text`);
  if (given.includes('\0')) throw new UsageError('--column: a description contains a NUL character');
  return { columnName: given.slice(0, at), columnDescription: given.slice(at + 1) };
}
