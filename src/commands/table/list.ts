import type { Command } from 'commander';
import { listColumns, listTables } from '../../api/tables.js';
import type { ColumnDetail, StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { checkSegment } from '../../api/path.js';

const TABLE_COLUMNS: Column<StoredTable>[] = [
  { header: 'NAME', value: (t) => t.tableName },
  { header: 'IN SQL', value: (t) => [t.catalogName, t.schemaName, t.tableName].filter(Boolean).join('.') },
  { header: 'CATALOG ID', value: (t) => t.catalogId },
];
const COLUMN_COLUMNS: Column<ColumnDetail>[] = [
  { header: 'COLUMN', value: (c) => c.name },
  { header: 'TYPE', value: (c) => c.dataType },
  { header: 'NOT NULL', value: (c) => (c.isNotNull ? 'yes' : '') },
  { header: 'UNIQUE', value: (c) => (c.isUnique ? 'yes' : '') },
  { header: 'DEFAULT', value: (c) => c.defaultValue },
];

export function registerTableList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .argument('[table]', 'show the columns of this table instead')
    .description('List stored tables, or the columns of one')
    .addHelpText('after', examples('dgw table list', 'dgw table list orders', 'dgw table list --json tableName'))
    .action(wiring.action(runTableList));
}

export async function runTableList(ctx: Context, table: string | undefined, _opts: object): Promise<void> {
  if (table !== undefined) checkSegment(table, 'TABLE');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (table) {
    await ctx.out.list(await listColumns(http, projectId, table), COLUMN_COLUMNS, (c) => c.name);
  } else {
    await ctx.out.list(await listTables(http, projectId), TABLE_COLUMNS, (t) => t.tableName);
  }
}
