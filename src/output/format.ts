import type { ChalkInstance } from 'chalk';
import { UsageError } from '../errors.js';
import type { OutStream } from './io.js';

/** One column of human output: a header and how to read it from a row. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

/** How data reaches stdout: JSON (all fields or some), ids only, a table, or tab-separated rows. */
export type OutputMode = { kind: 'json'; fields?: string[] } | { kind: 'quiet' } | { kind: 'table' } | { kind: 'tsv' };

/** Picks the mode from the global flags and whether stdout is a terminal. */
export function outputMode(json: boolean | string | undefined, quiet: boolean | undefined, stdout: OutStream, defaultJson = false): OutputMode {
  if (json !== undefined && json !== false) {
    const fields = typeof json === 'string' ? json.split(',').map((f) => f.trim()).filter(Boolean) : undefined;
    return { kind: 'json', fields: fields && fields.length > 0 ? fields : undefined };
  }
  if (quiet) return { kind: 'quiet' };
  if (defaultJson) return { kind: 'json' };
  return stdout.isTTY ? { kind: 'table' } : { kind: 'tsv' };
}

/** Writes command results to stdout and notes to stderr, in the mode the user asked for. */
export class Output {
  constructor(
    readonly mode: OutputMode,
    private readonly stdout: OutStream,
    private readonly stderr: OutStream,
    readonly color: ChalkInstance,
  ) {}

  get json(): boolean {
    return this.mode.kind === 'json';
  }

  /** A list of records: JSON array, ids, a table with headers, or TSV rows without them. */
  async list<T extends object>(rows: T[], columns: Column<T>[], id: (row: T) => string): Promise<void> {
    switch (this.mode.kind) {
      case 'json':
        return this.writeJson(rows.map((r) => this.pick(r)));
      case 'quiet':
        return this.lines(rows.map(id));
      case 'tsv':
        return this.lines(rows.map((r) => columns.map((c) => tsvCell(c.value(r))).join('\t')));
      case 'table': {
        if (rows.length === 0) {
          this.stderr.write(this.color.dim('(none)\n'));
          return;
        }
        const { default: Table } = await import('cli-table3');
        const table = new Table({ head: columns.map((c) => this.color.bold(c.header)), style: { head: [], border: [] }, chars: COMPACT });
        for (const r of rows) table.push(columns.map((c) => cell(c.value(r))));
        this.stdout.write(`${table.toString()}\n`);
      }
    }
  }

  /** One record: JSON object, its id, a two-column table, or `field<TAB>value` lines. */
  async record<T extends object>(row: T, fields: Column<T>[], id: (row: T) => string): Promise<void> {
    switch (this.mode.kind) {
      case 'json':
        return this.writeJson(this.pick(row));
      case 'quiet':
        return this.lines([id(row)]);
      case 'tsv':
        return this.lines(fields.map((f) => `${f.header}\t${tsvCell(f.value(row))}`));
      case 'table': {
        const { default: Table } = await import('cli-table3');
        const table = new Table({ style: { head: [], border: [] }, chars: COMPACT });
        for (const f of fields) table.push({ [this.color.bold(f.header)]: cell(f.value(row)) });
        this.stdout.write(`${table.toString()}\n`);
      }
    }
  }

  /** A value with no human layout: JSON in every mode but quiet. */
  value(data: unknown, quietText?: string): void {
    if (this.mode.kind === 'quiet') {
      if (quietText !== undefined) this.lines([quietText]);
      return;
    }
    this.writeJson(this.mode.kind === 'json' ? this.pick(data) : data);
  }

  /** The outcome of a change: JSON with --json, `quietText` with --quiet, nothing for a person (see `success`). */
  result(data: unknown, quietText: string): void {
    if (this.mode.kind === 'json') this.writeJson(this.pick(data));
    else if (this.mode.kind === 'quiet') this.lines([quietText]);
  }

  /** Raw text to stdout, unchanged (for `api` and `completion`). */
  raw(text: string): void {
    this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A confirmation for a person (stderr); silent with --quiet and --json. */
  success(message: string): void {
    if (this.mode.kind === 'quiet' || this.mode.kind === 'json') return;
    this.stderr.write(`${this.color.green('✓')} ${message}\n`);
  }

  /** Progress or context for a person (stderr); silent with --quiet and --json. */
  note(message: string): void {
    if (this.mode.kind === 'quiet' || this.mode.kind === 'json') return;
    this.stderr.write(`${this.color.dim(message)}\n`);
  }

  /** Always shown on stderr. */
  warn(message: string): void {
    this.stderr.write(`${this.color.yellow('warning:')} ${message}\n`);
  }

  private writeJson(data: unknown): void {
    this.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  }

  private lines(lines: string[]): void {
    if (lines.length > 0) this.stdout.write(`${lines.join('\n')}\n`);
  }

  /** Applies `--json f1,f2` to an object or each object of an array. */
  private pick(data: unknown): unknown {
    const fields = this.mode.kind === 'json' ? this.mode.fields : undefined;
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

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** TSV cells stay on one line and one column: tabs and newlines become spaces. */
function tsvCell(value: unknown): string {
  return cell(value).replace(/[\t\r\n]+/g, ' ');
}
