import type { ChalkInstance } from 'chalk';
import { UsageError } from '../errors.js';
import { csvLine } from './csv.js';
import type { OutStream } from './io.js';
import type { JqFilter } from './jq.js';
import type { OutputMode } from './mode.js';
import { tsvLine } from './tsv.js';
import { jsonWithoutControls, visible } from './visible.js';

/** One column of human output: a header and how to read it from a row. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

export { outputMode, type OutputMode, type OutputFlags } from './mode.js';

/** What structured output needs loaded before it is written: the compiled `--jq` filter, the YAML writer. */
export interface Serializers {
  jq?: JqFilter;
  yaml?: (data: unknown) => string;
}

/**
 * Loads what `mode` writes with (jq-wasm for `--jq`, the `yaml` library for YAML), and nothing for
 * the other modes. A `--jq` expression that does not compile is a usage error here, before any
 * request. `env` is what the filter sees as `$ENV` and `env`.
 */
export async function loadSerializers(mode: OutputMode, env: Record<string, string | undefined> = {}): Promise<Serializers> {
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

/**
 * Writes command results to stdout and notes to stderr, in the mode the user asked for: the one
 * writer of every command, so `--json`, `--jq`, `--format` and `-q` mean the same everywhere.
 */
export class Output {
  constructor(
    readonly mode: OutputMode,
    private readonly stdout: OutStream,
    private readonly stderr: OutStream,
    readonly color: ChalkInstance,
    private readonly serializers: Serializers = {},
  ) {}

  /** True when the output is data for a program (JSON, through `--jq` or not, or YAML): commands print their records whole. */
  get json(): boolean {
    return this.mode.kind === 'json' || this.mode.kind === 'yaml';
  }

  /** A list of records: JSON array, ids, a table with headers, or TSV rows (headers only with `--header`). */
  async list<T extends object>(rows: T[], columns: Column<T>[], id: (row: T) => string): Promise<void> {
    switch (this.mode.kind) {
      case 'json':
      case 'yaml':
        return this.writeData(rows.map((r) => this.pick(r)));
      case 'quiet':
        return this.lines(rows.map(id).map((i) => this.onScreen(i)));
      case 'csv':
        return this.lines([this.onScreen(csvLine(columns.map((c) => c.header))), ...rows.map((r) => this.onScreen(csvLine(columns.map((c) => c.value(r))), '\n'))]);
      case 'tsv': {
        const body = rows.map((r) => this.onScreen(tsvLine(columns.map((c) => c.value(r))), '\t'));
        return this.lines(this.mode.header ? [this.onScreen(tsvLine(columns.map((c) => c.header)), '\t'), ...body] : body);
      }
      case 'table': {
        if (rows.length === 0) {
          this.stderr.write(this.color.dim('(none)\n'));
          return;
        }
        const { default: Table } = await import('cli-table3');
        const table = new Table({ head: columns.map((c) => this.color.bold(visible(c.header))), style: { head: [], border: [] }, chars: COMPACT });
        for (const r of rows) table.push(columns.map((c) => cell(c.value(r))));
        this.stdout.write(`${table.toString()}\n`);
      }
    }
  }

  /** One record: JSON object, its id, a two-column table, or `field<TAB>value` lines. */
  async record<T extends object>(row: T, fields: Column<T>[], id: (row: T) => string): Promise<void> {
    switch (this.mode.kind) {
      case 'json':
      case 'yaml':
        return this.writeData(this.pick(row));
      case 'quiet':
        return this.lines([this.onScreen(id(row))]);
      case 'csv':
        return this.lines([csvLine(fields.map((f) => f.header)), this.onScreen(csvLine(fields.map((f) => f.value(row))), '\n')]);
      case 'tsv':
        return this.lines(fields.map((f) => this.onScreen(tsvLine([f.header, f.value(row)]), '\t')));
      case 'table': {
        const { default: Table } = await import('cli-table3');
        const table = new Table({ style: { head: [], border: [] }, chars: COMPACT });
        for (const f of fields) table.push({ [this.color.bold(f.header)]: cell(f.value(row)) });
        this.stdout.write(`${table.toString()}\n`);
      }
    }
  }

  /**
   * A value with no human layout: JSON in every mode but quiet (YAML with --format yaml).
   * `oneLine`: compact JSON on one line, for a program reading the first line (`serve`).
   */
  value(data: unknown, quietText?: string, options: { oneLine?: boolean } = {}): void {
    if (this.mode.kind === 'quiet') {
      if (quietText !== undefined) this.lines([quietText]);
      return;
    }
    if (this.json) this.writeData(this.pick(data), options.oneLine);
    else this.stdout.write(`${jsonWithoutControls(JSON.stringify(data, null, options.oneLine ? undefined : 2))}\n`);
  }

  /** The outcome of a change: data with --json (or YAML, --jq), `quietText` with --quiet, nothing for a person (see `success`). */
  result(data: unknown, quietText: string): void {
    if (this.json) this.writeData(this.pick(data));
    else if (this.mode.kind === 'quiet') this.lines([quietText]);
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
    this.stderr.write(`${this.color.dim(visible(message, '\n'))}\n`);
  }

  /** Always shown on stderr. */
  warn(message: string): void {
    this.stderr.write(`${this.color.yellow('warning:')} ${visible(message, '\n')}\n`);
  }

  /** Structured data: YAML, jq's output of the `--jq` filter, or JSON (indented, or on one line). */
  private writeData(data: unknown, oneLine = false): void {
    if (this.mode.kind === 'yaml') {
      this.stdout.write(this.onScreen(this.loaded('yaml')(data), '\n\t'));
      return;
    }
    if (this.mode.kind === 'json' && this.mode.jq !== undefined) {
      // What jq printed before a failure is printed too, as jq itself does. Its strings are raw (jq -r).
      const { text, error } = this.loaded('jq').apply(data, { oneLine });
      if (text) this.stdout.write(this.onScreen(text, '\n\t'));
      if (error) throw error;
      return;
    }
    this.stdout.write(`${jsonWithoutControls(JSON.stringify(data, null, oneLine ? undefined : 2))}\n`);
  }

  /**
   * A value as it may reach stdout: on a terminal, its control characters escaped (but those in
   * `keep`), so data from a server cannot drive the terminal; into a pipe or a file, exactly as it is.
   */
  private onScreen<T>(value: T, keep = ''): T {
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

  /** Applies `--json f1,f2` to an object or each object of an array. */
  private pick(data: unknown): unknown {
    const fields = this.mode.kind === 'json' || this.mode.kind === 'yaml' ? this.mode.fields : undefined;
    if (!fields) return data;
    if (Array.isArray(data)) return data.map((d) => this.pick(d));
    if (typeof data !== 'object' || data === null) return data;
    const record = data as Record<string, unknown>;
    const unknown = fields.filter((f) => !(f in record));
    if (unknown.length > 0) {
      throw new UsageError(`--json: unknown field(s) ${unknown.join(', ')}; available: ${Object.keys(record).join(', ')}`);
    }
    return Object.fromEntries(fields.map((f) => [f, record[f]]));
  }
}

/** No rule between body rows: long lists stay readable. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** A table cell, for a person: control characters escaped (a table is drawn, even into a pipe, to be read). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return visible(JSON.stringify(value));
  return visible(String(value), '\n');
}
