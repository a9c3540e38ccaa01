import type { Command } from 'commander';
import { listColumns, listTables } from '../../api/tables.js';
import type { StoredTable, TableColumn } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';

const TABLE_COLUMNS: Column<StoredTable>[] = [
  { header: 'NAME', value: (t) => t.name },
  { header: 'COLUMNS', value: (t) => (t.columns ?? []).map((c) => c.name).join(', ') },
];
const COLUMN_COLUMNS: Column<TableColumn>[] = [
  { header: 'COLUMN', value: (c) => c.name },
  { header: 'TYPE', value: (c) => c.dataType },
];

export function registerTableList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .argument('[table]', 'show the columns of this table instead')
    .description('List stored tables, or the columns of one')
    .addHelpText('after', examples('dgw table list', 'dgw table list orders'))
    .action(wiring.action(runTableList));
}

export async function runTableList(ctx: Context, table: string | undefined, _opts: object): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (table) {
    await ctx.out.list(await listColumns(http, projectId, table), COLUMN_COLUMNS, (c) => c.name);
  } else {
    await ctx.out.list(await listTables(http, projectId), TABLE_COLUMNS, (t) => t.name);
  }
}
