import type { Command } from 'commander';
import { listBiColumns, listBiTables, listColumns, listTables } from '../../api/tables.js';
import type { ColumnRecord, StoredTable } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { checkSegment } from '../../api/path.js';
import { NOUN, SHORT_NOUN, type TableKind } from './kind.js';

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

const EXAMPLES = ['dgw table list', 'dgw table list orders', 'dgw table list --json tableName'];

/** Registers `<kind> list`: the same verb for stored tables and BI tables, with examples of its own. */
export function registerTableList(parent: Command, wiring: Wiring, kind: TableKind = 'table', helpExamples = EXAMPLES): void {
  parent
    .command('list')
    .alias('ls')
    .argument('[table]', `show the columns of this ${SHORT_NOUN[kind]} instead`)
    .description(`List ${NOUN[kind]}s, or the columns of one`)
    .addHelpText('after', examples(...helpExamples))
    .action(wiring.action((ctx: Context, table: string | undefined, opts: object) => runTableList(ctx, table, opts, kind), { variant: (table) => (table === undefined ? 'tables' : 'columns') }));
}

export async function runTableList(ctx: Context, table: string | undefined, _opts: object, kind: TableKind = 'table'): Promise<void> {
  if (table !== undefined) checkSegment(table, 'TABLE');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (table) {
    await ctx.out.list(await (kind === 'table' ? listColumns : listBiColumns)(http, projectId, table), COLUMN_COLUMNS, (c) => c.name);
  } else {
    await ctx.out.list(await (kind === 'table' ? listTables : listBiTables)(http, projectId), TABLE_COLUMNS, (t) => t.tableName);
  }
}
