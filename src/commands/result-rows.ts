import type { ExecuteResult, ResultFormat } from '../api/types.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/** How `--format` shapes JSON rows for `dgw sql` and `dgw query run`: objects (simple), or arrays of values (compact). */
export type RowShape = 'simple' | 'compact';

/**
 * The row shape the command line asks for, checked before anything is sent: `--json f1,f2` picks
 * fields of row objects, so compact rows (arrays) cannot take it.
 */
export function rowShape(ctx: Context): RowShape {
  const shape = ctx.globals.format?.toLowerCase() === 'compact' ? 'compact' : 'simple';
  if (shape === 'compact' && ctx.out.requestedFields) {
    throw new UsageError('--json f1,f2 picks fields of row objects, and --format compact rows are arrays: leave out the fields, or --format compact');
  }
  return shape;
}

/**
 * Runs a statement or a saved query through run-SQL (`execute` sends the body in the wire format
 * asked for) and prints its rows: JSON (objects, or arrays with compact), or a table, CSV or TSV
 * headed by the column names. The one printer of SQL results.
 */
export async function printResult(ctx: Context, shape: RowShape, execute: (format: ResultFormat) => Promise<ExecuteResult>): Promise<void> {
  const json = ctx.out.json;
  // Human output is built from arrays, so columns with the same name stay apart.
  const result = await execute(json && shape === 'simple' ? 'SIMPLE' : 'COMPACT');
  if (json) {
    // The fields of a result are its columns: known only now, even when no row came back.
    if (ctx.out.requestedFields) ctx.out.selectFields(result.columns.map((c) => c.columnName), 'the result');
    ctx.out.value(result.data);
    return;
  }
  const data = result.data as unknown[][];
  const kinds = ctx.out.mode.kind === 'table' ? (await import('../output/result-kinds.js')).resultKinds(result.columns, data) : [];
  const rows = data.map((row) => row.map(display));
  await ctx.out.rows(result.columns.map((c) => c.columnName), rows, kinds);
  if ((result as { truncated?: boolean }).truncated) ctx.out.warn(`only the first ${rows.length} rows were returned; add a LIMIT`);
}

function display(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}
