import type { Command } from 'commander';
import { addColumns, createTable } from '../../api/tables.js';
import type { StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import { collect, examples, type Wiring } from '../wiring.js';
import { checkTableName, COLUMN_TYPES, parseColumnSpecs } from './column-specs.js';
import { TABLE_COLUMNS } from './list.js';

export interface TableCreateOptions {
  column?: string[];
  dryRun?: boolean;
}


export function registerTableCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<table>', 'name of the new stored table')
    .option('-c, --column <name:type>', `a column, repeatable; type: ${COLUMN_TYPES.join(', ')}`, collect, [])
    .option('--dry-run', 'print the requests instead of sending them')
    .description('Create a stored table (then add its columns, if given: two requests)')
    .addHelpText(
      'after',
      examples(
        'dgw table create events --column id:BIGINT --column at:TIMESTAMP --column kind:VARCHAR',
        'dgw table create staging                      # no columns yet; add them with `table add-column`',
      ),
    )
    .action(wiring.action(runTableCreate));
}

export async function runTableCreate(ctx: Context, name: string, opts: TableCreateOptions): Promise<void> {
  const table = checkTableName(name);
  const columns = parseColumnSpecs(opts.column ?? [], '--column');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  // The document's create has no body: the table is made, then its columns are added.
  const created = await createTable(http, projectId, table);
  if (columns.length > 0) {
    try {
      await addColumns(http, projectId, table, columns);
    } catch (error) {
      if (!opts.dryRun) ctx.out.warn(`table ${table} was created without its columns; add them with \`dgw table add-column ${table} ...\``);
      throw error;
    }
  }
  if (opts.dryRun) return;
  const record: StoredTable = created ?? { catalogId: '', catalogName: '', schemaName: 'table', tableName: table, supportedCacheTypes: [], isCacheable: false, isDynamicTable: false, isCached: false };
  await ctx.out.record(record, TABLE_COLUMNS, (t) => t.tableName);
  ctx.out.success(`created table ${table}${columns.length > 0 ? ` with ${columns.length} ${columns.length === 1 ? 'column' : 'columns'}` : ''}`);
}
