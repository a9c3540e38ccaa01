import type { Command } from 'commander';
import { getTableStatistics } from '../../api/catalogs.js';
import type { ColumnStatistics } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { placeArguments, resolvePlace } from './place.js';

// Four significant digits, and every digit of a whole part: -0.3333333333333333 took half of an
// 80-column terminal, and a positive value is a count (123456 stays 123456). --json gives it whole.
const fraction = (v: number | null) => (v === null || v === 0 ? v : Number(v.toPrecision(Math.max(4, Math.floor(Math.log10(Math.abs(v))) + 1))));
const COLUMNS: Column<ColumnStatistics>[] = [
  { field: 'columnName', kind: 'key' },
  { field: 'distinctFraction', kind: 'number', show: (c) => fraction(c.distinctFraction) },
  { field: 'nullCount', kind: 'number' },
  { field: 'distinctCount', kind: 'number' },
  { field: 'min' },
  { field: 'max' },
];

export function registerCatalogStats(parent: Command, wiring: Wiring): void {
  placeArguments(parent.command('stats'), 3)
    .description('Show the statistics of a table of a catalog, column by column')
    .addHelpText(
      'after',
      `
distinctFraction estimates the share of distinct values: a negative number is a fraction of the
row count (-1: every value distinct), a positive one a count of distinct values; tables and TSV
show four significant digits (a count keeps its whole part), --json every one. The local gateway
also counts rows, and per column NULLs, distinct values, minimum and maximum (the hosted service
leaves those empty).
${examples('dgw catalog stats svc.table.orders', 'dgw catalog stats svc.table.orders --json')}`,
    )
    .action(wiring.action(runCatalogStats));
}

export async function runCatalogStats(ctx: Context, catalog: string, schema: string | undefined, table: string | undefined, _opts: object): Promise<void> {
  const { http, projectId, place } = await resolvePlace(ctx, [catalog, schema, table]);
  const stats = await getTableStatistics(http, projectId, place);
  if (ctx.out.json) ctx.out.value(stats);
  else {
    await ctx.out.list(stats.columnStatistics, COLUMNS, (c) => c.columnName);
    // Under a table of columns, a bare "60 rows" read as a count of the lines above it.
    if (stats.rowCount !== null) ctx.out.note(`the table holds ${stats.rowCount} ${stats.rowCount === 1 ? 'row' : 'rows'}`);
  }
}
