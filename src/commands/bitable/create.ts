import type { Command } from 'commander';
import { addBiColumns, createBiTable } from '../../api/tables.js';
import type { StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import { checkTableName, COLUMN_TYPES, parseColumnSpecs } from '../table/column-specs.js';
import { TABLE_COLUMNS } from '../table/list.js';
import { collect, examples, type Wiring } from '../wiring.js';

/** Options of `bitable create`. */
export interface BitableCreateOptions {
  column?: string[];
  dryRun?: boolean;
}

export function registerBitableCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<table>', 'name of the new BI table')
    .option('-c, --column <name:type>', `a column, repeatable; type: ${COLUMN_TYPES.join(', ')}`, collect, [])
    .option('--dry-run', 'print the requests instead of sending them')
    .description('Create a BI table (then add its columns, if given: two requests)')
    .addHelpText('after', examples('dgw bitable create sales_summary --column region:VARCHAR --column total:DECIMAL'))
    .action(wiring.action(runBitableCreate));
}

export async function runBitableCreate(ctx: Context, name: string, opts: BitableCreateOptions): Promise<void> {
  const table = checkTableName(name);
  const columns = parseColumnSpecs(opts.column ?? [], '--column');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const created = await createBiTable(http, projectId, table);
  if (columns.length > 0) {
    try {
      await addBiColumns(http, projectId, table, columns);
    } catch (error) {
      if (!opts.dryRun) ctx.out.warn(`BI table ${table} was created without its columns; add them with \`dgw bitable add-column ${table} ...\``);
      throw error;
    }
  }
  if (opts.dryRun) return;
  const record: StoredTable = created ?? { catalogId: '', catalogName: '', schemaName: '', tableName: table, supportedCacheTypes: [], isCacheable: false, isDynamicTable: false, isCached: false };
  await ctx.out.record(record, TABLE_COLUMNS, (t) => t.tableName);
  ctx.out.success(`created BI table ${table}`);
}
