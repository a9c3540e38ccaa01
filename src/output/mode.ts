import { UsageError } from '../errors.js';
import type { OutStream } from './io.js';

/** The formats `--format` names, and a default output can be set to (`auto`: table on a terminal, TSV in a pipe). */
export const OUTPUT_FORMATS = ['table', 'json', 'jsonl', 'yaml', 'csv', 'tsv'] as const;

/** One of OUTPUT_FORMATS. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A default output (profile, project file, DGW_OUTPUT): a format, or `auto`. */
export type OutputSetting = OutputFormat | 'auto';

/** `dgw sql`'s row shapes, which its `--format` also takes (they shape JSON rows, not the output). */
export const ROW_SHAPES = ['simple', 'compact'] as const;

/** How data reaches stdout. */
export type OutputMode =
  /** JSON (all fields or some), optionally through a `--jq` filter. */
  | { kind: 'json'; fields?: string[]; jq?: string }
  | { kind: 'yaml'; fields?: string[] }
  /** JSON Lines: one compact JSON value per line (each record of a list, each row of a result). */
  | { kind: 'jsonl'; fields?: string[] }
  | { kind: 'quiet' }
  | { kind: 'table' }
  /** Comma-separated, RFC 4180, header line first. */
  | { kind: 'csv' }
  /** `header`: the column names come first (`--header`). */
  | { kind: 'tsv'; header?: boolean };

/** The global flags that choose the output mode. */
export interface OutputFlags {
  json?: boolean | string;
  quiet?: boolean;
  header?: boolean;
  format?: string;
  jq?: string;
}

export function isOutputSetting(value: string): value is OutputSetting {
  return value === 'auto' || (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/** Flags first, then the configured default, then `auto`; contradicting flags are a usage error. */
export function outputMode(flags: OutputFlags, stdout: OutStream, setting: OutputSetting = 'auto'): OutputMode {
  const format = flagFormat(flags.format);
  const fields = typeof flags.json === 'string' ? flags.json.split(',').map((f) => f.trim()).filter(Boolean) : [];
  if (typeof flags.json === 'string' && fields.length === 0) throw new UsageError('--json is empty (an unset variable?); leave out its value to print every field');
  const picked = fields.length > 0 ? { fields } : {};
  const json = flags.json !== undefined && flags.json !== false;
  if (flags.jq !== undefined) {
    if (format && format !== 'json') throw new UsageError(`--jq prints JSON; it cannot be combined with --format ${format}`);
    if (flags.quiet) throw new UsageError('--jq and -q/--quiet choose different outputs; use one');
    return { kind: 'json', ...picked, jq: flags.jq };
  }
  if (json) {
    if (flags.quiet) throw new UsageError('--json and -q/--quiet choose different outputs; use one');
    if (format === 'yaml' || format === 'jsonl') return { kind: format, ...picked };
    if (format && format !== 'json') throw new UsageError(`--json prints JSON; it cannot be combined with --format ${format} (--json FIELDS also picks fields for --format yaml and jsonl)`);
    return { kind: 'json', ...picked };
  }
  if (format && flags.quiet) throw new UsageError(`--format ${format} and -q/--quiet choose different outputs; use one`);
  if (format) return modeFor(format, stdout, flags.header);
  if (flags.quiet) return { kind: 'quiet' };
  return modeFor(setting, stdout, flags.header);
}

/** `auto`: a table on a terminal, TSV in a pipe. */
function modeFor(setting: OutputSetting, stdout: OutStream, header: boolean | undefined): OutputMode {
  const format = setting === 'auto' ? (stdout.isTTY ? 'table' : 'tsv') : setting;
  return format === 'tsv' ? { kind: 'tsv', header: header === true } : { kind: format };
}

/** `--format`'s value, checked; `dgw sql`'s row shapes are not an output format (undefined). */
function flagFormat(text: string | undefined): OutputFormat | undefined {
  if (text === undefined) return undefined;
  const value = text.toLowerCase();
  if ((ROW_SHAPES as readonly string[]).includes(value)) return undefined;
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`--format: "${text}" is not ${OUTPUT_FORMATS.join(', ')}`);
  }
  return value as OutputFormat;
}
