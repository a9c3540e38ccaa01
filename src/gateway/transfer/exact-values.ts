import { createReadStream } from 'node:fs';
import { numberedRecords } from '../../transfer/csv-records.js';
import { ident, literal } from '../sql.js';

// DuckDB's casts change values silently: text 1.5 as an integer is 2, 1.23456 as DECIMAL(18,3) is 1.235.

const INTEGER_TYPE = /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/i;
const MADE_DECIMAL = 'DECIMAL(18,3)';
const INEXACT_MARK = 'dgw-import: a value its column would change';

/** How a file column going into a column of `type` is read and checked; `made`: --create chose the type from the file's first rows. */
export interface ColumnRead {
  /** The type the CSV reader gives the file column. */
  readAs: string;
  /** What the value must not have: a fraction (an integer column), or more than 3 decimals (a DECIMAL --create chose). */
  check?: 'whole' | 'decimals';
}

/** Integer columns, and a DECIMAL or TIMESTAMP that --create chose, are read so no value changes (an offset gives its UTC time); a type the user chose casts as DuckDB and Postgres do. */
export function columnRead(type: string, made: boolean): ColumnRead {
  if (INTEGER_TYPE.test(type)) return { readAs: 'VARCHAR', check: 'whole' };
  if (made && type === MADE_DECIMAL) return { readAs: 'VARCHAR', check: 'decimals' };
  if (made && type === 'TIMESTAMP') return { readAs: 'TIMESTAMPTZ' };
  return { readAs: type };
}

/** The SELECT expression taking file column `name`, read as `read` says, into a column of `type`. */
export const valueInto = (name: string, type: string, read: ColumnRead): string => (read.readAs === type ? ident(name) : `CAST(${ident(name)} AS ${type})`);

/** A WHERE clause failing the statement at a row where a checked column breaks its check: one list filter per check, not an expression per column, which made a 10,000-column import take seconds more. */
export function exactGuard(whole: string[], decimals: string[]): string {
  const found = (names: string[], lambda: string) => (names.length === 0 ? [] : [`len(list_filter([${names.map(ident).join(', ')}], lambda x: ${lambda})) > 0`]);
  const tests = [...found(whole, `contains(x, '.') AND rtrim(split_part(x, '.', 2), '0 ') <> ''`), ...found(decimals, `length(x) - strpos(x, '.') > 3 AND (strpos(x, '.') > 0 AND length(rtrim(split_part(x, '.', 2), '0 ')) > 3 OR contains(x, 'e') OR contains(x, 'E'))`)];
  if (tests.length === 0) return '';
  return `WHERE CASE WHEN ${tests.join(' OR ')} THEN error(${literal(INEXACT_MARK)}) ELSE true END`;
}

/** Whether `value` breaks `check`, as exactGuard's SQL sees it (strpos counts from 1, 0 when absent); an exponent past 3 characters is refused in a DECIMAL --create chose, as 1e-5 would be 0.000. */
function breaks(check: 'whole' | 'decimals', value: string | null): boolean {
  if (value === null) return false;
  const dot = value.indexOf('.') + 1;
  const decimals = dot > 0 ? value.split('.')[1]!.replace(/[0 ]+$/, '') : '';
  return check === 'whole' ? decimals !== '' : value.length - dot > 3 && (decimals.length > 3 || /e/i.test(value));
}

/** Whether a failed import stopped at a value `exactGuard` refused. */
export const isInexact = (message: string): boolean => message.includes(INEXACT_MARK);

/** The first record with a value breaking its column's check (`reads`: by position in the file): its line, position and value. */
export async function firstInexact(path: string, reads: Map<number, ColumnRead>, header: boolean): Promise<{ line: number; source: number; value: string; check: 'whole' | 'decimals' } | undefined> {
  for await (const { line, record } of numberedRecords(createReadStream(path))) {
    if (line === 1 && header) continue;
    for (const [source, { check }] of reads) if (check && breaks(check, record[source] ?? null)) return { line, source, value: record[source]!, check };
  }
  return undefined;
}
