import { createReadStream } from 'node:fs';
import { numberedRecords } from '../../transfer/csv-records.js';
import { ident, literal } from '../sql.js';

// DuckDB casts the text 1.5 to an integer as 2, so an integer column is read as text and a fraction refused.

const INTEGER_TYPE = /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/i;
const FRACTION = '^\\s*[+-]?[0-9]*\\.[0-9]*[1-9][0-9]*\\s*$';
const FRACTION_MARK = 'dgw-import: a fraction in an integer column';

/** Whether a column of `type` holds whole numbers only. */
export const wholeNumbers = (type: string): boolean => INTEGER_TYPE.test(type);

/** The type the CSV reader gives a column of the file going into a column of `type`. */
export const readAs = (type: string): string => (wholeNumbers(type) ? 'VARCHAR' : type);

/** The SELECT expression taking file column `name` into a column of `type`: a fraction refused, else DuckDB's cast. */
export function valueInto(name: string, type: string): string {
  if (!wholeNumbers(type)) return ident(name);
  const value = ident(name);
  return `CASE WHEN contains(${value}, '.') AND regexp_full_match(${value}, ${literal(FRACTION)}) THEN error(${literal(FRACTION_MARK)}) ELSE CAST(${value} AS ${type}) END`;
}

/** Whether a failed import stopped at a value `valueInto` refused. */
export const isFraction = (message: string): boolean => message.includes(FRACTION_MARK);

/** The first record with a fraction in one of `columns` (positions in the file): its line, position and value. */
export async function firstFraction(path: string, columns: number[], header: boolean): Promise<{ line: number; source: number; value: string } | undefined> {
  const fraction = new RegExp(FRACTION);
  for await (const { line, record } of numberedRecords(createReadStream(path))) {
    const source = line > 1 || !header ? columns.find((c) => fraction.test(record[c] ?? '')) : undefined;
    if (source !== undefined) return { line, source, value: record[source]! };
  }
  return undefined;
}
