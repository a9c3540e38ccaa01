import type { ChalkInstance } from 'chalk';
import { csvLine } from './csv.js';
import { writeOut, type OutStream } from './io.js';
import type { JqFilter } from './jq.js';
import type { OutputMode } from './mode.js';
import { tsvLine } from './tsv.js';
import { fieldTitle, resolveFields } from './fields.js';
import type { ColumnKind, TableColumn, TableView } from './table.js';
import { jsonWithoutControls, visible } from './visible.js';

/** One column of human output: a `--json` field and, where needed, how to show it. */
export interface Column<T> {
  field: keyof T & string;
  show?: (row: T) => unknown;
  /** How a table lays it out (src/output/table.ts): `key` never shortened, `text` shortened first; `plain` by default. */
  kind?: ColumnKind;
}

/** What a table needs of the terminal: its width (undefined: none to fit), and the time now. */
export interface TableScreen {
  width?: number;
  now(): number;
}

/** What a structured output does with the notes it must not write as text (see `Output.warn`). */
export interface Deferred {
  /** Keeps a warning for the end of the command: a JSON line on success, a field of the error on failure. */
  warning(message: string): void;
}

export { outputMode, type OutputMode, type OutputFlags } from './mode.js';

/** What structured output needs loaded before it is written: the compiled `--jq` filter, the YAML writer. */
export interface Serializers {
  jq?: JqFilter;
  yaml?: (data: unknown) => string;
}

/** Loads jq-wasm or `yaml` only when `mode` needs them; a bad `--jq` is a usage error before any request. */
export async function loadSerializers(mode: OutputMode, env: Record<string, string | undefined>): Promise<Serializers> {
  if (mode.kind === 'json' && mode.jq !== undefined) {
    const { compileJq } = await import('./jq.js');
    return { jq: await compileJq(mode.jq, env) };
  }
  if (mode.kind === 'yaml') {
    const { loadYamlWriter } = await import('./yaml.js');
    return { yaml: await loadYamlWriter() };
  }
  return {};
}

/** The one writer of every command, so `--json`, `--jq`, `--format` and `-q` mean the same everywhere. */
export class Output {
  constructor(
    readonly mode: OutputMode,
    private readonly stdout: OutStream,
    private readonly stderr: OutStream,
    readonly color: ChalkInstance,
    private readonly serializers: Serializers = {},
    private readonly deferred?: Deferred,
    private readonly screen: TableScreen = { now: () => Date.now() },
    /** Adds the command's target options to the dgw commands a note or warning quotes (carry-target.ts). */
    private readonly carry: (text: string) => string = (text) => text,
  ) {}

  /** The fields `--json f1,f2` picks, as the output names them (set once they are checked: `selectFields`). */
  private selected?: string[];

  /** The field names `--json f1,f2` asked for, as given; undefined when it asked for every field. */
  get requestedFields(): string[] | undefined {
    return this.mode.kind === 'json' || this.mode.kind === 'jsonl' || this.mode.kind === 'yaml' ? this.mode.fields : undefined;
  }

  /** Checks `--json f1,f2` before anything is sent, when the contract knows the fields. */
  selectFields(available: readonly string[], what: string): void {
    const requested = this.requestedFields;
    if (requested) this.selected = resolveFields(requested, available, what);
  }

  /** True when the output is data for a program (JSON, through `--jq` or not, JSON Lines, or YAML): commands print their records whole. */
  get json(): boolean {
    return this.mode.kind === 'json' || this.mode.kind === 'jsonl' || this.mode.kind === 'yaml';
  }

  /** JSON is indented for a person on a terminal, and compact anywhere else (a pipe, a file), as gh prints it. */
  get indentsJson(): boolean {
    return this.stdout.isTTY === true;
  }

  /** True when `--json` prints records whole, as JSON: no `--jq`, no fields picked, not JSON Lines or YAML. */
  get printsWholeJson(): boolean {
    return this.mode.kind === 'json' && this.mode.jq === undefined && this.requestedFields === undefined;
  }

  /** A list already in the form `list` would print off a terminal (compact JSON): written as it is, and a newline. */
  printedJson(bytes: string | Uint8Array): void {
    this.stdout.write(bytes);
    this.stdout.write('\n');
  }

  /** A list of records: JSON array, ids, a table with headers, or TSV rows (headers only with `--header`). */
  async list<T extends object>(rows: T[], columns: Column<T>[], id: (row: T) => string): Promise<void> {
    if (this.json) return this.writeData(rows.map((r) => this.pick(r)));
    // --quiet prints ids, one a line; a record without one (an unset callback) prints no empty line.
    if (this.mode.kind === 'quiet') return this.lines(rows.map(id).filter((i) => i !== '').map((i) => this.onScreen(i)));
    return this.grid(tableColumns(columns), rows.map((r) => columns.map((c) => shown(r, c, this.mode.kind))));
  }

  /** One record: JSON object, its id, a two-column table, or `TITLE<TAB>value` lines. */
  async record<T extends object>(row: T, fields: Column<T>[], id: (row: T) => string): Promise<void> {
    if (this.json) return this.writeData(this.pick(row));
    if (this.mode.kind === 'quiet') return this.lines(id(row) === '' ? [] : [this.onScreen(id(row))]);
    const columns = tableColumns(fields);
    const titles = columns.map((c) => c.title);
    const values = fields.map((f) => shown(row, f, this.mode.kind));
    switch (this.mode.kind) {
      case 'csv':
        return this.lines([csvLine(titles), this.onScreen(csvLine(values), '\n')]);
      case 'tsv':
        return this.lines(titles.map((t, i) => this.onScreen(tsvLine([t, values[i]]), '\t')));
      case 'table': {
        const { drawRecord } = await import('./table.js');
        this.stdout.write(`${await drawRecord(columns, values, this.tableView())}\n`);
      }
    }
  }

  /** Rows under a header, in the human formats: the one place a list becomes a table, CSV or TSV. */
  private async grid(columns: TableColumn[], rows: unknown[][]): Promise<void> {
    const head = columns.map((c) => c.title);
    switch (this.mode.kind) {
      case 'csv':
        return this.lines([this.onScreen(csvLine(head)), ...rows.map((r) => this.onScreen(csvLine(r), '\n'))]);
      case 'tsv': {
        const body = rows.map((r) => this.onScreen(tsvLine(r), '\t'));
        return this.lines(this.mode.header ? [this.onScreen(tsvLine(head), '\t'), ...body] : body);
      }
      case 'table': {
        if (rows.length === 0) {
          this.stderr.write(`${this.color.dim('(none)')}\n`);
          return;
        }
        const { listPages } = await import('./table.js');
        const { pages, note } = await listPages(columns, rows, this.tableView());
        for (const page of pages) {
          await writeOut(this.stdout, `${page}\n`);
          // A turn of the event loop after each batch lets a pager show the first rows; one that was quit stops the drawing.
          await new Promise((resolve) => setImmediate(resolve));
          if (this.stdout.failed?.()) return;
        }
        if (note) this.note(note);
      }
    }
  }

  /** Where a table is drawn: fitted to the terminal stdout is, if it is one. */
  tableView(): TableView {
    return { width: this.stdout.isTTY === true ? this.screen.width : undefined, color: this.color, now: this.screen.now() };
  }

  /** A value with no human layout, so written as data in every format but --quiet (a table's is plain JSON); `oneLine` for a program reading the first line (`serve`). */
  value(data: unknown, quietText?: string, options: { oneLine?: boolean } = {}): void {
    if (this.mode.kind === 'quiet') {
      if (quietText !== undefined) this.lines([quietText]);
      return;
    }
    this.writeData(this.pick(data), options.oneLine);
  }

  /** The outcome of a change: data with --json (or YAML, --jq), `quietText` with --quiet (nothing when empty, as a record's empty id), nothing for a person (see `success`). */
  result(data: unknown, quietText: string): void {
    if (this.json) this.writeData(this.pick(data));
    else if (this.mode.kind === 'quiet' && quietText !== '') this.lines([quietText]);
  }

  /** Raw text to stdout, unchanged (for `api` and `completion`). */
  raw(text: string): void {
    this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A confirmation for a person (stderr); silent with --quiet and --json. */
  success(message: string): void {
    if (this.mode.kind === 'quiet' || this.json) return;
    this.stderr.write(`${this.color.green('✓')} ${visible(message, '\n')}\n`);
  }

  /** Progress or context for a person (stderr); silent with --quiet and --json. */
  note(message: string): void {
    if (this.mode.kind === 'quiet' || this.json) return;
    this.stderr.write(`${this.color.dim(visible(this.carry(message), '\n'))}\n`);
  }

  /** With structured output stderr carries JSON only, so the warning waits for the end of the command. */
  warn(message: string): void {
    if (this.json && this.deferred) this.deferred.warning(this.carry(message));
    else this.stderr.write(`${this.color.yellow('warning:')} ${visible(this.carry(message), '\n')}\n`);
  }

  /** For a command that runs until stopped, where waiting for the end would hold a warning back too long. */
  warnNow(message: string): void {
    if (this.json) this.stderr.write(`${jsonWithoutControls(JSON.stringify({ warning: message }))}\n`);
    else this.warn(message);
  }

  writeData(data: unknown, oneLine = false): void {
    if (this.mode.kind === 'yaml') {
      this.stdout.write(this.onScreen(this.yamlText(data), '\n\t'));
      return;
    }
    if (this.mode.kind === 'jsonl') {
      const lines = Array.isArray(data) ? data.map((d) => JSON.stringify(d)) : [JSON.stringify(data)];
      this.lines(lines.map((l) => jsonWithoutControls(l)));
      return;
    }
    if (this.mode.kind === 'json' && this.mode.jq !== undefined) {
      // What jq printed before a failure is printed too, as jq itself does. Its strings are raw (jq -r).
      const { text, error } = this.loaded('jq').apply(data, { oneLine: oneLine || !this.indentsJson });
      if (text) this.stdout.write(this.onScreen(text, '\n\t'));
      if (error) throw error;
      return;
    }
    this.stdout.write(`${jsonWithoutControls(JSON.stringify(data, null, oneLine || !this.indentsJson ? undefined : 2))}\n`);
  }

  yamlText(data: unknown): string {
    return this.loaded('yaml')(data);
  }

  /** On a terminal, control characters escaped so server data cannot drive it; elsewhere exact. */
  onScreen<T>(value: T, keep = ''): T {
    return (this.stdout.isTTY === true && typeof value === 'string' ? visible(value, keep) : value) as T;
  }

  private loaded<K extends keyof Serializers>(name: K): NonNullable<Serializers[K]> {
    const serializer = this.serializers[name];
    if (!serializer) throw new Error(`output: the ${name} writer was not loaded (loadSerializers)`);
    return serializer;
  }

  private lines(lines: string[]): void {
    if (lines.length > 0) this.stdout.write(`${lines.join('\n')}\n`);
  }

  /** Applies `--json f1,f2`; an answer's own records (SQL, `dgw api`) are checked here, not before sending. */
  pick(data: unknown): unknown {
    const requested = this.requestedFields;
    if (!requested) return data;
    if (Array.isArray(data)) return data.map((d) => this.pick(d));
    if (typeof data !== 'object' || data === null) return data;
    const record = data as Record<string, unknown>;
    const fields = this.selected ?? resolveFields(requested, Object.keys(record), 'the answer');
    return inOrder(Object.fromEntries(fields.map((f) => [f, record[f] ?? null])), fields);
  }
}

/** `record` with its keys listed in `keys`' order: a plain object puts integer-like ones ("1") first (a Proxy only then, as it is slower). */
export function inOrder(record: object, keys: string[]): object {
  return keys.some((key) => /^\d+$/.test(key)) ? new Proxy(record, { ownKeys: () => keys }) : record;
}

function tableColumns<T>(columns: Column<T>[]): TableColumn[] {
  return columns.map((c) => ({ title: fieldTitle(c.field), kind: c.kind ?? 'plain' }));
}

/** A cell's value; a boolean stays true or false in CSV and TSV, where a table's `yes` and blank would read as text and the empty string. */
function shown<T>(row: T, column: Column<T>, kind: OutputMode['kind']): unknown {
  const raw = row[column.field];
  return column.show && !(typeof raw === 'boolean' && kind !== 'table') ? column.show(row) : raw;
}

