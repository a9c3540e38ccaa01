import { UsageError } from '../errors.js';
import { shellWord } from '../output/carry-target.js';
import { lineOfFirstBadByte } from '../utf8-text.js';
import { CsvTranscoder, headRecords, MAX_COLUMNS } from './csv-records.js';
import { compressionOf, isZip } from '../compressed.js';
import type { SourceFile } from './source.js';

/** What the start of a CSV file says before it is sent: its columns and some rows. */
export interface CsvHead {
  /** The header line's names, when the file has one. */
  header?: string[];
  /** Fields of the first line (the header, or the first row). */
  fieldCount: number;
  /** Rows from the start of the file (after the header), for inferring column types: an empty field null, `""` the empty string. */
  sample: Array<Array<string | null>>;
}

const SAMPLE_ROWS = 2000;

/** A file that is not UTF-8 because it is compressed or a ZIP archive (an .xlsx): said so, with what to run instead. */
function packedFile(head: Uint8Array, label: string, table: string): UsageError | undefined {
  const packed = compressionOf(head);
  if (packed) {
    const { name, decompress } = packed;
    const pipe = label === 'stdin' ? `... | ${decompress} | dgw table import ${shellWord(table)} -` : `${decompress} ${shellWord(label)} | dgw table import ${shellWord(table)} -`;
    return new UsageError(`${label} is ${name}-compressed; import takes CSV text`, `decompress it on the way in, with the same options: ${pipe}`);
  }
  if (isZip(head)) {
    return new UsageError(`${label} is a ZIP archive (an .xlsx workbook is one), not CSV text`, `save the sheet as CSV (UTF-8) and import that, or take a CSV file out of the archive: unzip -p ${shellWord(label)} NAME.csv | dgw table import ${shellWord(table)} -`);
  }
  return undefined;
}

/** Reads the start of a CSV file, refusing what can never import (empty, UTF-16/32, not UTF-8, a huge first line) before anything is sent. */
export function readCsvHead(source: SourceFile, delimiter: string, hasHeader: boolean, table: string): CsvHead {
  const { head, whole, label } = source;
  if (head.byteLength === 0 && whole) throw new UsageError(`${label} is empty: there is nothing to import`);
  const bom = head.subarray(0, 4);
  if ((bom[0] === 0xff && bom[1] === 0xfe) || (bom[0] === 0xfe && bom[1] === 0xff) || (bom[0] === 0 && bom[1] === 0 && bom[2] === 0xfe && bom[3] === 0xff)) {
    throw new UsageError(`${label} is UTF-16 or UTF-32 text; import takes UTF-8`, `convert it first, e.g. iconv -f utf-16 -t utf-8 ${shellWord(label)} > utf8.csv`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !whole });
  } catch {
    const packed = packedFile(head, label, table);
    if (packed) throw packed;
    const line = lineOfFirstBadByte(head);
    throw new UsageError(`${label} is not UTF-8 text: line ${line} holds bytes that are not UTF-8`, `convert it first, e.g. iconv -f latin1 -t utf-8 ${shellWord(label)} > utf8.csv (if it is Latin-1)`);
  }
  // TextDecoder drops a UTF-8 byte-order mark: a file of one holds nothing more.
  if (whole && text.trim() === '') throw new UsageError(`${label} is empty: there is nothing to import`);
  const { records } = headRecords(text, delimiter, SAMPLE_ROWS + 1, whole, { nulls: true });
  if (records.length === 0) throw new UsageError(`${label}: its first line does not end within the first MiB; is it a CSV file?`);
  const [first] = records;
  if (first.length > MAX_COLUMNS) throw new UsageError(`${label} has ${first.length} columns; an import takes at most ${MAX_COLUMNS.toLocaleString('en-US')}`);
  return { header: hasHeader ? first.map((h) => h ?? '') : undefined, fieldCount: first.length, sample: hasHeader ? records.slice(1) : records };
}

/** A header line read with commas as one name holding a semicolon, tab or bar, which no column of the table has: refused with the --delimiter that reads it. */
export function refuseOtherDelimiter(head: CsvHead, label: string, tableColumns: string[] = []): void {
  const first = head.header?.length === 1 ? head.header[0] : undefined;
  const other = first === undefined || tableColumns.some((c) => c.toLowerCase() === first.toLowerCase()) ? undefined : [';', '\t', '|'].find((d) => first.includes(d));
  if (other === undefined) return;
  const flag = `--delimiter ${other === '\t' ? 'tab' : `'${other}'`}`;
  throw new UsageError(`${label}: its first line holds no comma but ${other === '\t' ? 'tabs' : `'${other}'`} (${JSON.stringify(first)}): it looks separated by those`, `add ${flag}; or --delimiter , if it really is one column`);
}

/** `--delimiter`: one character, `tab` or `\t` for a tab; never a quote or a line break. */
export function parseDelimiter(text: string | undefined): string {
  if (text === undefined) return ',';
  const value = text === 'tab' || text === '\\t' ? '\t' : text;
  if ([...value].length !== 1 || /["\r\n]/.test(value)) throw new UsageError(`--delimiter: "${text}" must be one character (or tab), not a quote or a line break`);
  return value;
}

/** The file's bytes as comma-separated CSV, line for line. */
export async function* asCommaSeparated(bytes: AsyncIterable<Uint8Array>, delimiter: string): AsyncGenerator<Uint8Array> {
  if (delimiter === ',') {
    yield* bytes;
    return;
  }
  const decoder = new TextDecoder('utf-8');
  const encoder = new TextEncoder();
  const transcoder = new CsvTranscoder(delimiter);
  for await (const chunk of bytes) {
    const text = transcoder.push(decoder.decode(chunk, { stream: true }));
    if (text) yield encoder.encode(text);
  }
  const rest = transcoder.push(decoder.decode()) + transcoder.end();
  if (rest) yield encoder.encode(rest);
}
