import { csvField, csvLine, floatColumns, guardFormula, withDuckDbFloats } from './csv.js';
import type { Output } from './format.js';
import { writeOut, type OutStream } from './io.js';
import { tsvLine } from './tsv.js';
import { jsonWithoutControls } from './visible.js';

/** A result's rows as they arrive: objects keyed by column (JSON, simple shape) or arrays of values. */
export interface RowSource {
  columns: string[];
  /** Each column's SQL type, where the answer names it (a table right-aligns numbers by it; by the values otherwise). */
  dataTypes?: Array<string | undefined>;
  /** Batches of rows as they arrive: objects (the simple shape, for JSON output) or arrays of values (every other output). */
  rows: AsyncIterable<unknown[]>;
}

/** How rows are written, beyond the output mode. */
export interface RowWriteOptions {
  /** CSV: a field starting with = + - @ TAB or CR (and not a number) is prefixed with ' so a spreadsheet shows it as text. */
  guardFormulas?: boolean;
}

/** Rows that plan a table on a terminal (widths and kinds); the pages after it keep that plan. */
const TABLE_PAGE = 1000;
/** Text gathered before one write to stdout. */
const BATCH = 64 * 1024;

/** Writes in batches, waiting for `drain`, so memory stays flat when a pipe reads slowly. */
class BatchWriter {
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
    await writeOut(this.stream, text);
  }
}

/** The one streaming writer of result rows for every output; only `--jq` holds the whole result. */
export async function writeRows(out: Output, stdout: OutStream, source: RowSource, options: RowWriteOptions = {}): Promise<number> {
  // The fields of a result are its columns: known only now, even when no row comes back.
  if (out.requestedFields) out.selectFields(source.columns, 'the result');
  // A result keeps every column: wider than the screen, a pager shows it unwrapped.
  if (out.mode.kind === 'table') stdout.pagesWide?.();
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
        const indent = out.indentsJson;
        await this.each((row) => {
          const json = jsonWithoutControls(indent ? JSON.stringify(pick(row), null, 2).replace(/\n/g, '\n  ') : JSON.stringify(pick(row)));
          const text = `${first ? (indent ? '[\n  ' : '[') : indent ? ',\n  ' : ','}${json}`;
          first = false;
          return text;
        });
        await w.add(this.count === 0 ? '[]\n' : indent ? '\n]\n' : ']\n');
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
        // csvField writes objects as their JSON text itself, as display would.
        const field = this.options.guardFormulas ? (v: unknown) => csvField(guardFormula(display(v))) : csvField;
        // The header is guarded too: a connected file's column names are data from anyone.
        await w.add(`${out.onScreen(csvLine(source.columns, field))}\n`);
        const floats = floatColumns(source.dataTypes);
        const values = floats.includes(true) ? (row: unknown) => withDuckDbFloats(row as unknown[], floats) : (row: unknown) => row as unknown[];
        return this.each((row) => `${out.onScreen(csvLine(values(row), field), '\n')}\n`);
      }
      case 'tsv':
        // tsvField writes objects as their JSON text itself, as display would.
        if (mode.header) await w.add(`${out.onScreen(tsvLine(source.columns), '\t')}\n`);
        return this.each((row) => `${out.onScreen(tsvLine(row as unknown[]), '\t')}\n`);
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

/** The first page plans widths and kinds; later batches are drawn with that plan, so printing never waits for the last row. */
async function writeTable(out: Output, w: BatchWriter, source: RowSource): Promise<number> {
  const [{ StreamedTable }, { resultKinds }] = await Promise.all([import('./table.js'), import('./result-kinds.js')]);
  let table: InstanceType<typeof StreamedTable> | undefined;
  let page: unknown[][] = [];
  let count = 0;
  const draw = async () => {
    if (!table) {
      const kinds = resultKinds(source.columns.map((_, i) => ({ dataType: source.dataTypes?.[i] })), page);
      // A result keeps every column at its width, as psql does: wider than the screen, the pager shows it unwrapped (pager.ts).
      const view = out.tableView();
      table = new StreamedTable(source.columns.map((title, i) => ({ title, kind: kinds[i] })), { ...view, width: undefined }, view.color.dim('NULL'));
    }
    await w.add(await table.page(page));
    page = [];
  };
  for await (const batch of source.rows) {
    for (const row of batch) page.push(row as unknown[]);
    count += batch.length;
    if (table || page.length >= TABLE_PAGE) await draw();
  }
  if (count === 0) {
    out.note('(none)');
    return 0;
  }
  await draw();
  await w.flush();
  const note = table?.note;
  if (note) out.note(note);
  return count;
}
