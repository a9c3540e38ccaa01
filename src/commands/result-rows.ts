import type { SqlResult } from '../api/sql-result.js';
import { distinctKeys } from '../api/names.js';
import type { ResultFormat } from '../api/types.js';
import { whileWorking } from './while-working.js';
import type { Context } from '../context.js';
import { plural, ResultCutError, UsageError } from '../errors.js';
import { inOrder } from '../output/format.js';
import { writeOut } from '../output/io.js';

/** How `--format` shapes JSON rows for `dgw sql` and `dgw query run`: objects (simple), or arrays of values (compact). */
export type RowShape = 'simple' | 'compact';

/** What the command line asks of the rows printed. */
export interface PrintOptions {
  /** At most this many rows are read (`--limit`); the rest of the answer is cancelled. */
  limit?: number;
  /** CSV fields a spreadsheet would run as formulas are made text (`--guard-formulas`). */
  guardFormulas?: boolean;
}

/** Checked before sending: `--json f1,f2` picks object fields, which compact rows lack. */
export function rowShape(ctx: Context): RowShape {
  const shape = ctx.globals.format?.toLowerCase() === 'compact' ? 'compact' : 'simple';
  if (shape === 'compact' && ctx.out.requestedFields) {
    throw new UsageError('--json f1,f2 picks fields of row objects, and --format compact rows are arrays: leave out the fields, or --format compact');
  }
  return shape;
}

/** `--limit N`: a positive whole number, checked before anything is sent. */
export function parseLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`--limit: "${text}" is not a positive whole number of rows`);
  if (!Number.isSafeInteger(Number(text))) throw new UsageError(`--limit: "${text}" is more than the largest, ${Number.MAX_SAFE_INTEGER}`);
  return Number(text);
}

/** `--guard-formulas` is about CSV: with any other output it would mean nothing, so it is refused. */
export function checkGuardFormulas(ctx: Context, guard: boolean | undefined): void {
  if (guard && ctx.out.mode.kind !== 'csv') throw new UsageError('--guard-formulas goes with --format csv (it changes what a spreadsheet runs, not other outputs)');
}

/** The one printer of SQL results, rows printed as they arrive; a result the service says it cut is exit 8 after its rows. */
export async function printResult(ctx: Context, shape: RowShape, open: (format: ResultFormat, csv: boolean) => Promise<SqlResult>, options: PrintOptions = {}): Promise<void> {
  const json = ctx.out.json;
  const csv = ctx.out.mode.kind === 'csv';
  // The gateway's CSV is copied byte for byte only to a pipe or file, whole and unguarded; otherwise it goes through the printer.
  const asSent = csv && ctx.io.stdout.isTTY !== true && !options.guardFormulas && options.limit === undefined;
  // The printer loads while the request is answered, unless the answer will likely be printed as sent.
  const printer = asSent ? undefined : import('../output/rows.js');
  printer?.catch(() => undefined);
  // Rows come as arrays and become objects here: an object from the service keeps one of two columns of the same name.
  const result = await whileWorking(ctx, 'running', () => open('COMPACT', csv));
  if (result.csv && asSent) return copyBytes(ctx, result.csv);
  const { columns, dataTypes, batches } = result.csv ? await csvColumnsAndRows(result.csv) : { columns: result.columns.map((c) => c.columnName), dataTypes: result.columns.map((c) => c.dataType ?? undefined), batches: result.rows };
  const { writeRows } = await (printer ?? import('../output/rows.js'));
  let more = false;
  let rows = options.limit === undefined ? batches : limited(batches, options.limit, () => (more = true));
  let names = columns;
  const scales = dataTypes.map((type) => Number(/^(?:DECIMAL|NUMERIC)\s*\(\s*\d+\s*,\s*(\d+)\s*\)$/i.exec(type ?? '')?.[1] ?? 0));
  if (!json && !csv && scales.some((s) => s > 0)) rows = withScales(rows, scales);
  if (json && shape === 'simple') {
    names = distinctKeys(columns);
    const renamed = names.flatMap((key, i) => (key === columns[i] ? [] : [`${columns[i]} → ${key}`]));
    if (renamed.length > 0) ctx.out.warn(`columns of the same name are told apart in JSON: ${renamed.join(', ')}`);
    rows = asObjects(rows, names);
  }
  let count: number;
  try {
    const source = { columns: names, dataTypes, rows };
    count = await writeRows(ctx.out, ctx.io.stdout, source, options);
  } catch (error) {
    // A failure before the rows were read (a --json field the result has not) leaves the answer unread: the service stops.
    await result.cancel();
    throw error;
  }
  if (more) ctx.out[json ? 'warn' : 'note'](`the first ${plural(options.limit, 'row')} (--limit ${options.limit}); the result has more`);
  if (result.extras.truncated === true) throw new ResultCutError(count);
}

/** Each row array as an object keyed by column; a row that came as an object already is left as it is. */
async function* asObjects(batches: AsyncIterable<unknown[]>, keys: string[]): AsyncGenerator<unknown[]> {
  for await (const batch of batches) {
    yield batch.map((row) => (Array.isArray(row) ? inOrder(Object.fromEntries(keys.map((key, i) => [key, row[i]])), keys) : row));
  }
}

/** A DECIMAL(p,s) that came as a JSON number printed with its s decimals (`1.50`), as CSV and the wider DECIMALs' strings are. */
async function* withScales(batches: AsyncIterable<unknown[]>, scales: number[]): AsyncGenerator<unknown[]> {
  for await (const batch of batches) yield batch.map((row) => (row as unknown[]).map((v, i) => (typeof v === 'number' && scales[i] > 0 ? v.toFixed(scales[i]) : v)));
}

/** A CSV answer read as the printer reads rows: its header line, then its records in batches (NULL an empty unquoted field). */
async function csvColumnsAndRows(bytes: AsyncIterable<Uint8Array>): Promise<{ columns: string[]; dataTypes: undefined[]; batches: AsyncIterable<unknown[]> }> {
  const { csvRecordBatches } = await import('../transfer/csv-records.js');
  const records = csvRecordBatches(bytes);
  const first = await records.next();
  const [header = [], ...rest] = first.done ? [] : first.value;
  async function* batches(): AsyncGenerator<unknown[]> {
    try {
      if (rest.length > 0) yield rest;
      yield* records;
    } finally {
      await records.return(undefined);
    }
  }
  return { columns: header.map((name) => name ?? ''), dataTypes: [], batches: batches() };
}

/** The answer's bytes to stdout as they arrive, waiting whenever stdout's buffer is full. */
async function copyBytes(ctx: Context, bytes: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of bytes) await writeOut(ctx.io.stdout, chunk);
}

/** The first `limit` rows; `more` is called when a row past them came (the rest is then cancelled). */
async function* limited(batches: AsyncIterable<unknown[]>, limit: number, more: () => void): AsyncGenerator<unknown[]> {
  let n = 0;
  for await (const batch of batches) {
    if (n + batch.length > limit) {
      if (n < limit) yield batch.slice(0, limit - n);
      more();
      return;
    }
    n += batch.length;
    yield batch;
  }
}
