import type { Command } from 'commander';
import { listBiColumns, listBiTables } from '../../api/tables.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import { COLUMN_COLUMNS, TABLE_COLUMNS } from '../table/list.js';
import { examples, type Wiring } from '../wiring.js';

export function registerBitableList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .argument('[table]', 'show the columns of this BI table instead')
    .description('List BI tables, or the columns of one')
    .addHelpText('after', examples('dgw bitable list', 'dgw bitable list sales_summary', 'dgw bitable list --json tableName'))
    .action(wiring.action(runBitableList, { variant: (table) => (table === undefined ? 'tables' : 'columns') }));
}

export async function runBitableList(ctx: Context, table: string | undefined, _opts: object): Promise<void> {
  if (table !== undefined) checkSegment(table, 'TABLE');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (table) {
    await ctx.out.list(await listBiColumns(http, projectId, table), COLUMN_COLUMNS, (c) => c.name);
  } else {
    await ctx.out.list(await listBiTables(http, projectId), TABLE_COLUMNS, (t) => t.tableName);
  }
}
