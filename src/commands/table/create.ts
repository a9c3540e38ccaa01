import type { Command } from 'commander';
import { addBiColumns, addColumns, createBiTable, createTable } from '../../api/tables.js';
import type { StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import { takenHint } from '../../errors.js';
import { collect, examples, type Wiring } from '../wiring.js';
import { checkNameArgument } from '../name-argument.js';
import { COLUMN_TYPES, parseColumnSpecs } from './column-specs.js';
import { NOUN, SHORT_NOUN, tableNamed, type TableKind } from './kind.js';
import { TABLE_COLUMNS } from './list.js';

export interface TableCreateOptions {
  column?: string[];
  dryRun?: boolean;
}

const EXAMPLES = [
  'dgw table create events --column id:BIGINT --column at:TIMESTAMP --column kind:VARCHAR',
  'dgw table create staging                      # no columns yet; add them with `table add-column`',
];

/** Registers `<kind> create`: the same verb for stored tables and BI tables, with examples of its own. */
export function registerTableCreate(parent: Command, wiring: Wiring, kind: TableKind = 'table', helpExamples = EXAMPLES): void {
  parent
    .command('create')
    .argument('<table>', `name of the new ${NOUN[kind]}`)
    .option('-c, --column <name:type>', `a column, repeatable; type: ${COLUMN_TYPES.join(', ')}`, collect, [])
    .option('--dry-run', 'print the requests instead of sending them')
    .description(`Create a ${NOUN[kind]} (then add its columns, if given: two requests)`)
    .addHelpText('after', examples(...helpExamples))
    .action(wiring.action((ctx: Context, name: string, opts: TableCreateOptions) => runTableCreate(ctx, name, opts, kind)));
}

export async function runTableCreate(ctx: Context, name: string, opts: TableCreateOptions, kind: TableKind = 'table'): Promise<void> {
  const table = checkNameArgument(name, 'TABLE');
  const columns = parseColumnSpecs(opts.column ?? [], '--column');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  // The document's create has no body: the table is made, then its columns are added.
  const whenTaken = async () => ((await tableNamed(http, projectId, table, kind)) ? `\`dgw ${kind} add-column ${table}\` adds columns to it` : undefined);
  const created = await (kind === 'table' ? createTable : createBiTable)(http, projectId, table).catch(async (error: unknown) => {
    throw await takenHint(error, whenTaken);
  });
  if (columns.length > 0) {
    try {
      await (kind === 'table' ? addColumns : addBiColumns)(http, projectId, table, columns);
    } catch (error) {
      if (!opts.dryRun) ctx.out.warn(`${SHORT_NOUN[kind]} ${table} was created without its columns; add them with \`dgw ${kind} add-column ${table} ...\``);
      throw error;
    }
  }
  if (opts.dryRun) return;
  const schemaName = kind === 'table' ? 'table' : '';
  const record: StoredTable = created ?? { catalogId: '', catalogName: '', schemaName, tableName: table, supportedCacheTypes: [], isCacheable: false, isDynamicTable: false, isCached: false };
  await ctx.out.record(record, TABLE_COLUMNS, (t) => t.tableName);
  const withColumns = kind === 'table' && columns.length > 0 ? ` with ${columns.length} ${columns.length === 1 ? 'column' : 'columns'}` : '';
  ctx.out.success(`created ${SHORT_NOUN[kind]} ${table}${withColumns}`);
}
