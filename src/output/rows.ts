import { csvField, csvLine, guardFormula } from './csv.js';
import type { Output } from './format.js';
import type { OutStream } from './io.js';
import { tsvLine } from './tsv.js';
import { jsonWithoutControls, visible } from './visible.js';

/** A result's rows as they arrive: objects keyed by column (JSON, simple shape) or arrays of values. */
export interface RowSource {
  /** The column names, in order. */
  columns: string[];
  /** Batches of rows as they arrive: objects (the simple shape, for JSON output) or arrays of values (every other output). */
  rows: AsyncIterable<unknown[]>;
}

/** How rows are written, beyond the output mode. */
export interface RowWriteOptions {
  /** CSV: a field starting with = + - @ TAB or CR (and not a number) is prefixed with ' so a spreadsheet shows it as text. */
  guardFormulas?: boolean;
}

/** Rows per table drawn on a terminal: the first page sets the column widths the next keep. */
const TABLE_PAGE = 1000;
/** Text gathered before one write to stdout. */
const BATCH = 64 * 1024;

/**
 * Writes text in batches, waiting for `drain` when the stream asks (a pipe read slower than rows
 * come): memory stays flat whatever the row count.
 */
export class BatchWriter {
  private text = '';
  constructor(private readonly stream: OutStream) {}

  async add(text: string): Promise<void> {
    this.text += text;
    if (this.text.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.text === '') return;
    const text = this.text;
    this.text = '';
    if (this.stream.write(text) === false && this.stream.once) {
      await new Promise<void>((resolve) => this.stream.once!('drain', resolve));
    }
  }
}

/**
 * The one streaming writer of result rows, for every output: a table on a terminal (drawn a page
 * at a time), TSV, CSV, JSON (an array written as the rows come), JSON Lines, YAML (a sequence, an
 * item per row), ids (`-q`: the first column). Only `--jq` holds the whole result, as jq reads one
 * whole value. Returns the number of rows written.
 */
export async function writeRows(out: Output, stdout: OutStream, source: RowSource, options: RowWriteOptions = {}): Promise<number> {
  // The fields of a result are its columns: known only now, even when no row comes back.
  if (out.requestedFields) out.selectFields(source.columns, 'the result');
  const printer = new RowPrinter(out, new BatchWriter(stdout), source, options);
  try {
    await printer.print();
  } finally {
    // Rows that came before a failure are printed too (the exit code says the rest).
    await printer.w.flush();
  }
  return printer.count;
}

/** One result printed in the output mode: each mode a few lines over the rows. */
class RowPrinter {
  count = 0;

  constructor(
    private readonly out: Output,
    readonly w: BatchWriter,
    private readonly source: RowSource,
    private readonly options: RowWriteOptions,
  ) {}

  async print(): Promise<void> {
    const { out, w, source } = this;
    const mode = out.mode;
    const pick = (row: unknown) => (out.requestedFields && row !== null && typeof row === 'object' && !Array.isArray(row) ? out.pick(row) : row);
    switch (mode.kind) {
      case 'json': {
        if (mode.jq !== undefined) {
          const all: unknown[] = [];
          for await (const batch of source.rows) for (const row of batch) all.push(pick(row));
          this.count = all.length;
          out.writeData(all);
          return;
        }
        let first = true;
        await this.each((row) => {
          const text = `${first ? '[\n  ' : ',\n  '}${jsonWithoutControls(JSON.stringify(pick(row), null, 2).replace(/\n/g, '\n  '))}`;
          first = false;
          return text;
        });
        await w.add(this.count === 0 ? '[]\n' : '\n]\n');
        return;
      }
      case 'jsonl':
        return this.each((row) => `${jsonWithoutControls(JSON.stringify(pick(row)))}\n`);
      case 'yaml':
        await this.each((row) => out.onScreen(out.yamlText([pick(row)]), '\n\t'));
        if (this.count === 0) await w.add('[]\n');
        return;
      case 'quiet':
        return this.each((row) => `${out.onScreen(String(display((row as unknown[])[0]) ?? ''))}\n`);
      case 'csv': {
        const field = this.options.guardFormulas ? (v: unknown) => csvField(guardFormula(display(v))) : (v: unknown) => csvField(display(v));
        await w.add(`${out.onScreen(csvLine(source.columns))}\n`);
        return this.each((row) => `${out.onScreen((row as unknown[]).map(field).join(','), '\n')}\n`);
      }
      case 'tsv':
        if (mode.header) await w.add(`${out.onScreen(tsvLine(source.columns), '\t')}\n`);
        return this.each((row) => `${out.onScreen(tsvLine((row as unknown[]).map(display)), '\t')}\n`);
      case 'table':
        this.count = await writeTable(out, w, source);
    }
  }

  /** Each row of each batch as `line(row)`, a batch written at once. */
  private async each(line: (row: unknown) => string): Promise<void> {
    for await (const batch of this.source.rows) {
      let text = '';
      for (const row of batch) text += line(row);
      this.count += batch.length;
      await this.w.add(text);
    }
  }
}

/** Objects and arrays (LIST, STRUCT, MAP values) as their JSON text, in every output but JSON. */
function display(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/**
 * A table for a person, a page of rows at a time: the first page is laid out to its contents, the
 * pages after it keep those column widths (a longer value wraps), so a result of any size starts
 * printing at once and never waits for its last row.
 */
async function writeTable(out: Output, w: BatchWriter, source: RowSource): Promise<number> {
  const { default: Table } = await import('cli-table3');
  const head = source.columns.map((c) => out.color.bold(visible(c)));
  let page: string[][] = [];
  let widths: number[] | undefined;
  let count = 0;
  const draw = async (last: boolean) => {
    const first = widths === undefined;
    if (first) widths = source.columns.map((c, i) => Math.min(80, Math.max(visible(c).length, ...page.map((r) => longestLine(r[i])))) + 2);
    const table = new Table({
      ...(first ? { head } : {}),
      style: { head: [], border: [] },
      // Pages join into one table: no rule below a page that more follow, none above a later one.
      chars: { ...COMPACT, ...(first ? {} : NO_TOP), ...(last ? {} : NO_BOTTOM) },
      ...(first && last ? {} : { colWidths: widths, wordWrap: true, wrapOnWordBoundary: false }),
    });
    for (const r of page) table.push(r);
    await w.add(`${table.toString()}\n`);
    page = [];
  };
  let ahead: string[] | undefined;
  for await (const batch of source.rows) {
    for (const row of batch) {
      // A page is drawn once a row after it has come, so the last page knows it is the last.
      if (ahead) page.push(ahead);
      ahead = (row as unknown[]).map(cell);
      count += 1;
      if (page.length === TABLE_PAGE) await draw(false);
    }
  }
  if (!ahead) {
    out.note('(none)');
    return 0;
  }
  page.push(ahead);
  await draw(true);
  return count;
}

function longestLine(text: string): number {
  return Math.max(...text.split('\n').map((l) => l.length));
}

/** No rule between body rows: long lists stay readable. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };
const NO_TOP = { top: '', 'top-left': '', 'top-mid': '', 'top-right': '' };
const NO_BOTTOM = { bottom: '', 'bottom-left': '', 'bottom-mid': '', 'bottom-right': '' };

/** A table cell, for a person: control characters escaped (but the newlines the table lays out). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return visible(JSON.stringify(value));
  return visible(String(value), '\n');
}
