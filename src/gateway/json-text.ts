import type { DuckDBDateValue, DuckDBDecimalType, DuckDBType, DuckDBValue, DuckDBVector } from '@duckdb/node-api';
import { MAX_DOUBLE_DIGITS } from '../api/exact-numbers.js';
import type { DuckDBModule } from './duckdb.js';
import { dateJson, doubleText, jsonValueConverter, shortestFloat } from './json-values.js';

/** Writes one value of a column as JSON text (`null` for NULL). */
export type JsonTextWriter = (value: DuckDBValue) => string;

/** A column's JSON text writer, chosen once per column; a test holds its output equal to `JSON.stringify(jsonValueConverter(value))`. */
export function jsonTextWriter(duck: DuckDBModule, type: DuckDBType): JsonTextWriter {
  const T = duck.DuckDBTypeId;
  switch (type.typeId) {
    case T.BOOLEAN:
      return booleanText;
    case T.TINYINT:
    case T.SMALLINT:
    case T.INTEGER:
    case T.UTINYINT:
    case T.USMALLINT:
    case T.UINTEGER:
      return smallIntegerText;
    case T.FLOAT:
      return floatValueText;
    case T.DOUBLE:
      return doubleValueText;
    case T.BIGINT:
    case T.UBIGINT:
    case T.HUGEINT:
    case T.UHUGEINT:
    case T.BIGNUM:
      return bigIntegerText;
    case T.DECIMAL:
      return (type as DuckDBDecimalType).width <= MAX_DOUBLE_DIGITS ? shortDecimalText : bigIntegerText;
    case T.TIMESTAMP:
      return timestampText;
    case T.DATE:
      return dateText;
    case T.VARCHAR:
    case T.TIME:
    case T.TIMESTAMP_S:
    case T.TIMESTAMP_MS:
    case T.TIMESTAMP_NS:
    case T.TIMESTAMP_TZ:
    case T.TIME_TZ:
    case T.UUID:
    case T.ENUM:
      return stringText;
    default: {
      const convert = jsonValueConverter(duck);
      return (v) => (v === null ? 'null' : JSON.stringify(convert(v, type, convert)));
    }
  }
}

/** Writes the JSON texts of a vector's first `n` values into `out`, in order. */
export type JsonColumnTexts = (vector: DuckDBVector, n: number, out: string[]) => void;

/** A column's JSON texts a chunk at a time; one loop per common type so the engine can inline the writer. */
export function jsonColumnTexts(duck: DuckDBModule, type: DuckDBType): JsonColumnTexts {
  const write = jsonTextWriter(duck, type);
  switch (write) {
    case booleanText:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = booleanText(vector.getItem(r));
      };
    case smallIntegerText:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = smallIntegerText(vector.getItem(r));
      };
    case doubleValueText:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = doubleValueText(vector.getItem(r));
      };
    case bigIntegerText:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = bigIntegerText(vector.getItem(r));
      };
    case timestampText:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = timestampText(vector.getItem(r));
      };
    case stringText:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = stringText(vector.getItem(r));
      };
    default:
      return (vector, n, out) => {
        for (let r = 0; r < n; r++) out[r] = write(vector.getItem(r));
      };
  }
}

function booleanText(v: DuckDBValue): string {
  return v === null ? 'null' : v ? 'true' : 'false';
}

function smallIntegerText(v: DuckDBValue): string {
  return v === null ? 'null' : String(v);
}

function floatValueText(v: DuckDBValue): string {
  return v === null || !Number.isFinite(v) ? doubleValueText(v) : doubleText(shortestFloat(v as number));
}

function doubleValueText(v: DuckDBValue): string {
  return v === null ? 'null' : Number.isFinite(v) ? doubleText(v as number) : `"${String(v)}"`;
}

/** BIGINT and wider, and a DECIMAL of 16 digits or more: a string in every row (small values too, every digit of a decimal's scale), so the column has one JSON type. */
function bigIntegerText(v: DuckDBValue): string {
  return v === null ? 'null' : `"${String(v)}"`;
}

/** A DECIMAL of at most 15 digits, which a double always holds: a number (1.500 as 1.5). */
function shortDecimalText(v: DuckDBValue): string {
  return v === null ? 'null' : String(Number(String(v)));
}

function dateText(v: DuckDBValue): string {
  return v === null ? 'null' : JSON.stringify(dateJson(v as DuckDBDateValue) ?? String(v));
}

function stringText(v: DuckDBValue): string {
  return v === null ? 'null' : JSON.stringify(String(v));
}

const DAY_MICROS = 86_400_000_000;
/** TIMESTAMPs within this many microseconds of 1970 are written by the fast path (about 1685 to 2255). */
const FAST_LIMIT = BigInt(Number.MAX_SAFE_INTEGER);
const dates = new Map<number, string>();

/** A TIMESTAMP as DuckDB writes it; dates are cached per day, far or infinite values use DuckDB's own text. */
function timestampText(v: DuckDBValue): string {
  if (v === null) return 'null';
  const micros = (v as { micros?: unknown }).micros;
  if (typeof micros !== 'bigint' || micros > FAST_LIMIT || micros < -FAST_LIMIT) return JSON.stringify(String(v));
  const n = Number(micros);
  const day = Math.floor(n / DAY_MICROS);
  let date = dates.get(day);
  if (date === undefined) {
    if (dates.size > 100_000) dates.clear();
    date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dates.set(day, date);
  }
  const rest = n - day * DAY_MICROS;
  const seconds = Math.floor(rest / 1_000_000);
  const fraction = rest - seconds * 1_000_000;
  const time = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return `"${date} ${time}${fraction === 0 ? '' : `.${String(fraction).padStart(6, '0').replace(/0+$/, '')}`}"`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
