import type { Command } from 'commander';
import { listColumns, listTables } from '../../api/tables.js';
import type { ColumnRecord, StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { checkSegment } from '../../api/path.js';

export const TABLE_COLUMNS: Column<StoredTable>[] = [
  { field: 'tableName', kind: 'key' },
  { field: 'schemaName' },
  { field: 'catalogName' },
  { field: 'catalogId', kind: 'id' },
];
/** A flag as a table reads it: `yes`, blank for false, missing (NULL) when the service did not say. */
const yes = (flag: boolean | null | undefined): string | null => (flag === true ? 'yes' : flag === false ? '' : null);

export const COLUMN_COLUMNS: Column<ColumnRecord>[] = [
  { field: 'name', kind: 'key' },
  { field: 'dataType' },
  { field: 'isNotNull', show: (c) => yes(c.isNotNull) },
  { field: 'isUnique', show: (c) => yes(c.isUnique) },
  { field: 'defaultValue', kind: 'text' },
];

export function registerTableList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .argument('[table]', 'show the columns of this table instead')
    .description('List stored tables, or the columns of one')
    .addHelpText('after', examples('dgw table list', 'dgw table list orders', 'dgw table list --json tableName'))
    .action(wiring.action(runTableList, { variant: (table) => (table === undefined ? 'tables' : 'columns') }));
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
