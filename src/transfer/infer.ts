import type { ColumnDataType } from '../api/types.js';

/** A column type read from sample values, and why a value was kept as text when it was. */
export interface InferredColumn {
  name: string;
  dataType: ColumnDataType;
  /** Set when the values looked like numbers a stored DECIMAL would round: they stay VARCHAR. */
  note?: string;
}

const INTEGER = /^(?:0|-?[1-9]\d{0,18})$/;
/** A whole number BIGINT holds, all 19 digits of its range included. */
const isBigint = (v: string) => INTEGER.test(v) && BigInt(v) >= -(2n ** 63n) && BigInt(v) < 2n ** 63n;
/** A whole number DECIMAL(18,3) holds: 15 digits before the point. */
const DECIMAL_INTEGER = /^(?:0|-?[1-9]\d{0,14})$/;
const pattern = (re: RegExp) => (v: string) => re.test(v);
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?`;
const isDay = (v: string) => !v.startsWith('0000') && new Date(`${v.slice(0, 10)}T00:00:00Z`).toJSON()?.startsWith(v.slice(0, 10)) === true;
const TIMESTAMP = new RegExp(String.raw`^\d{4}-\d{2}-\d{2}[ T]${TIME}$`);

// Only values the type prints back unchanged (real days and times: `2026-02-30` is text): `00123`, `+5`, `-0` or an upper-case UUID stay text.
const CHECKS: Array<[ColumnDataType, (v: string) => boolean]> = [
  ['BOOLEAN', pattern(/^(?:true|false)$/i)],
  ['BIGINT', isBigint],
  ['DECIMAL', (v) => /^(?:-?(?:0|[1-9]\d{0,14})\.\d{1,3})$/.test(v) || DECIMAL_INTEGER.test(v)],
  ['DATE', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isDay(v)],
  ['TIMESTAMP', (v) => TIMESTAMP.test(v) && isDay(v)],
  ['TIME', pattern(new RegExp(`^${TIME}$`))],
  ['UUID', pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)],
];
const MORE_DECIMALS = /^-?(?:0|[1-9]\d*)\.\d+$/;
const WHOLE = /^(?:0|-?[1-9]\d*)$/;
const NEGATIVE_ZERO = /^-0\.0+$/;

/** The narrowest stored-table type every sample value of each column fits, written back unchanged; numbers a DECIMAL(18,3) would round stay VARCHAR. */
export function inferColumns(names: string[], rows: Array<Array<string | null>>): InferredColumn[] {
  return names.map((name, i) => {
    const values = rows.map((r) => r[i]).filter((v): v is string => typeof v === 'string');
    if (values.length === 0) return { name, dataType: 'VARCHAR' };
    for (const [type, fits] of CHECKS) {
      if (values.every((v) => fits(v) && !NEGATIVE_ZERO.test(v))) return { name, dataType: type };
    }
    if (values.every((v) => WHOLE.test(v))) return { name, dataType: 'VARCHAR', note: `${name} holds whole numbers past BIGINT's range (19 digits, up to 9223372036854775807): kept as VARCHAR` };
    if (values.every((v) => MORE_DECIMALS.test(v) || WHOLE.test(v))) {
      return { name, dataType: 'VARCHAR', note: `${name} holds numbers with more than 3 decimals or 15 digits, which a stored DECIMAL would round: kept as VARCHAR` };
    }
    return { name, dataType: 'VARCHAR' };
  });
}
