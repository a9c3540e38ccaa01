import { createReadStream } from 'node:fs';
import { numberedRecords } from '../../transfer/csv-records.js';
import { ident, literal } from '../sql.js';

// DuckDB casts the text 1.5 to an integer as 2, so an integer column is read as text and a fraction refused.

const INTEGER_TYPE = /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/i;
const FRACTION_MARK = 'dgw-import: a fraction in an integer column';

/** Whether a column of `type` holds whole numbers only. */
export const wholeNumbers = (type: string): boolean => INTEGER_TYPE.test(type);

/** The type the CSV reader gives a column of the file going into a column of `type`. */
export const readAs = (type: string): string => (wholeNumbers(type) ? 'VARCHAR' : type);

/** The SELECT expression taking file column `name` into a column of `type` (DuckDB's cast; `fractionGuard` refuses a fraction first). */
export const valueInto = (name: string, type: string): string => (wholeNumbers(type) ? `CAST(${ident(name)} AS ${type})` : ident(name));

/** A WHERE clause failing the statement at a row where one of `names` (integer columns read as text) has a fraction; one list filter, not an expression per column, which made a 10,000-column import take seconds more. */
export function fractionGuard(names: string[]): string {
  if (names.length === 0) return '';
  const fractions = `list_filter([${names.map(ident).join(', ')}], lambda x: contains(x, '.') AND rtrim(split_part(x, '.', 2), '0 ') <> '')`;
  return `WHERE CASE WHEN len(${fractions}) > 0 THEN error(${literal(FRACTION_MARK)}) ELSE true END`;
}

/** What `fractionGuard` refuses: digits other than zeros after the point (as split_part and rtrim see them). */
const hasFraction = (value: string | null): boolean => value !== null && value.includes('.') && value.split('.')[1]!.replace(/[0 ]+$/, '') !== '';

/** Whether a failed import stopped at a value `fractionGuard` refused. */
export const isFraction = (message: string): boolean => message.includes(FRACTION_MARK);

/** The first record with a fraction in one of `columns` (positions in the file): its line, position and value. */
export async function firstFraction(path: string, columns: number[], header: boolean): Promise<{ line: number; source: number; value: string } | undefined> {
  for await (const { line, record } of numberedRecords(createReadStream(path))) {
    const source = line > 1 || !header ? columns.find((c) => hasFraction(record[c] ?? null)) : undefined;
    if (source !== undefined) return { line, source, value: record[source]! };
  }
  return undefined;
}
