import type { ImportMapping } from '../api/types.js';
import { UsageError } from '../errors.js';
import type { CsvHead } from './csv-head.js';
import { someNames } from '../impact/listing.js';

/** `--map COLUMN=CSVCOLUMN` as given: a table column, and a CSV column by header name or 1-based position. */
export interface MapFlag {
  target: string;
  source: string;
}

/** `--map` values, each `COLUMN=CSVCOLUMN` (the CSV column by name, or by position from 1 without a header line). */
export function parseMapFlags(values: string[]): MapFlag[] {
  return values.map((value) => {
    const at = value.indexOf('=');
    if (at <= 0 || at === value.length - 1) throw new UsageError(`--map: "${value}" is not COLUMN=CSVCOLUMN (e.g. amount=Amount, or amount=3 without a header line)`);
    return { target: value.slice(0, at), source: value.slice(at + 1) };
  });
}

/** The column names `--create` gives a new table: the header's, or column1, column2, ... without one. */
export function newColumnNames(head: CsvHead): string[] {
  const names = head.header?.map((h) => h.trim()) ?? Array.from({ length: head.fieldCount }, (_, i) => `column${i + 1}`);
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    // eslint-disable-next-line no-control-regex
    if (name.trim() === '' || /[\u0000-\u001f\u007f-\u009f]/.test(name)) throw new UsageError(`--create: column ${i + 1} of the header line has no usable name (${JSON.stringify(name)}); name it in the file, or create the table first`);
    if (seen.has(name.toLowerCase())) throw new UsageError(`--create: the header line names ${JSON.stringify(name)} twice`);
    seen.add(name.toLowerCase());
  }
  return names;
}

/** The import's mappings, from `--map` or by name (or position); a file column that goes nowhere is refused rather than dropped unseen. */
export function planMappings(head: CsvHead, tableColumns: string[], maps: MapFlag[], table: string): ImportMapping[] {
  if (tableColumns.length === 0) throw new UsageError(`table ${table} has no columns yet: add them first (\`dgw table add-column ${table} NAME:TYPE ...\`)`);
  // Maps, not lists, so a very wide header is mapped in linear time.
  const exactColumn = new Set(tableColumns);
  const columnInAnyCase = new Map<string, string>();
  for (const c of tableColumns) if (!columnInAnyCase.has(fold(c))) columnInAnyCase.set(fold(c), c);
  const column = (name: string) => {
    const found = exactColumn.has(name) ? name : columnInAnyCase.get(fold(name));
    if (!found) throw new UsageError(`table ${table} has no column ${JSON.stringify(name)} (its columns: ${someNames(tableColumns, 20)})`);
    return found;
  };
  const positions = head.header && positionsByName(head.header);
  if (maps.length > 0) {
    const seen = new Set<string>();
    return maps.map(({ target, source }) => {
      const name = column(target);
      if (seen.has(name)) throw new UsageError(`--map: column ${name} is mapped twice`);
      seen.add(name);
      if (head.header && positions) {
        const inAnyCase = positions.get(fold(source)) ?? [];
        const exact = inAnyCase.filter((p) => head.header![p] === source);
        const named = exact.length > 0 ? exact : inAnyCase;
        if (named.length === 0) throw new UsageError(`--map ${target}=${source}: the file's header line has no column ${JSON.stringify(source)} (it has: ${someNames(head.header.map((h) => JSON.stringify(h)), 20)})`);
        if (named.length > 1) throw namedTwice(head.header[named[0]], named);
        return { name, csvColumnName: head.header[named[0]] };
      }
      const position = /^\d+$/.test(source) ? Number(source) : NaN;
      if (!(position >= 1 && position <= head.fieldCount)) throw new UsageError(`--map ${target}=${source}: without a header line, name the CSV column by its position, 1 to ${head.fieldCount}`);
      return { name, csvColumnIndex: position - 1 };
    });
  }
  if (head.header && positions) {
    const header = head.header;
    // Both would go to the same column of the table, which takes names in any case.
    for (const same of positions.values()) if (same.length > 1) throw namedTwice(header[same[0]], same);
    const unmatched = header.filter((h) => !columnInAnyCase.has(fold(h)));
    if (unmatched.length > 0) {
      throw new UsageError(
        `the file's column${unmatched.length === 1 ? '' : 's'} ${someNames(unmatched.map((h) => JSON.stringify(h)), 20)} match${unmatched.length === 1 ? 'es' : ''} no column of table ${table} (its columns: ${someNames(tableColumns, 20)})`,
        'say which CSV column goes where with --map COLUMN=CSVCOLUMN (only the mapped columns are imported)',
      );
    }
    return head.header.map((h) => ({ name: column(h), csvColumnName: h }));
  }
  if (head.fieldCount > tableColumns.length) {
    throw new UsageError(`the file has ${head.fieldCount} columns and table ${table} ${tableColumns.length}; without a header line they are matched by position`, 'say which CSV column goes where with --map COLUMN=POSITION');
  }
  return Array.from({ length: head.fieldCount }, (_, i) => ({ name: tableColumns[i], csvColumnIndex: i }));
}

/** Each header name in lower case, with the positions (from 0) where the header has it in any case. */
function positionsByName(header: string[]): Map<string, number[]> {
  return Map.groupBy(header.keys(), (i) => fold(header[i]));
}

const fold = (name: string) => name.trim().toLowerCase();

function namedTwice(name: string, positions: number[]): UsageError {
  return new UsageError(
    `the file's header line names ${JSON.stringify(name)} ${positions.length === 2 ? 'twice' : `${positions.length} times`} (columns ${positions.map((p) => p + 1).join(' and ')}): which of them goes where cannot be told`,
    'rename one of them in the file, or leave it out with --map COLUMN=CSVCOLUMN for the other columns',
  );
}
