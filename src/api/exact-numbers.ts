/** Numbers in result rows get one JSON type per column (so jq sees one type): wider than a double holds exactly means a string with every digit. */

/** The JSON type of a column's non-null numbers by its SQL type (DuckDB's or the hosted service's spelling); undefined for a type that is not a number or not known. */
export function numberJsonType(dataType: string | undefined): 'number' | 'string' | undefined {
  const type = dataType?.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!type) return undefined;
  if (DOUBLE_SIZED.test(type)) return 'number';
  if (WIDE_INTEGERS.test(type)) return 'string';
  const decimal = DECIMAL.exec(type);
  if (!decimal) return undefined;
  // DuckDB's DECIMAL without a width is DECIMAL(18,3); a width unknown is taken as wide.
  const width = decimal[1] === undefined ? undefined : Number(decimal[1]);
  return width !== undefined && width <= MAX_DOUBLE_DIGITS ? 'number' : 'string';
}

/** Every decimal of at most this many significant digits reads back exactly from a double. */
export const MAX_DOUBLE_DIGITS = 15;

const DOUBLE_SIZED = /^(TINYINT|SMALLINT|INTEGER|INT|INT1|INT2|INT4|SHORT|SIGNED|UTINYINT|USMALLINT|UINTEGER|FLOAT|FLOAT4|FLOAT8|REAL|DOUBLE|DOUBLE PRECISION)$/;
const WIDE_INTEGERS = /^(BIGINT|INT8|LONG|UBIGINT|HUGEINT|INT128|UHUGEINT|BIGNUM|VARINT)$/;
const DECIMAL = /^(?:DECIMAL|NUMERIC)(?:\s?\(\s?(\d+)\s?(?:,\s?\d+\s?)?\))?$/;

const SHORT_INTEGER = /^-?\d{1,15}$/;
/** A decimal of at most 15 digits in all (a DECIMAL's usual text): a double always holds it exactly. */
const SHORT_DECIMAL = /^-?(?=[\d.]{3,16}$)\d+\.\d+$/;

/** `text`, a decimal literal (`-12.50`, `1e-7`, `9007199254740993`), as a JSON number when that is exact, else as the text. */
export function exactNumber(text: string): number | string {
  // Fast paths: an integer or a decimal of at most 15 digits always fits.
  if (SHORT_INTEGER.test(text) || SHORT_DECIMAL.test(text)) return Number(text);
  return readsBackExactly(text) ? Number(text) : text;
}

/** True when `Number(text)` is exactly the value `text` writes: an integer's digits only up to 2^53 - 1, a double's text (`1e+300`) at any size. */
export function readsBackExactly(text: string): boolean {
  const n = Number(text);
  if (!Number.isFinite(n)) return false;
  if (Math.abs(n) > Number.MAX_SAFE_INTEGER && /^[+-]?\d+$/.test(text.trim())) return false;
  const a = normalise(text);
  const b = normalise(String(n));
  return a !== undefined && b !== undefined && a.negative === b.negative && a.digits === b.digits && a.exponent === b.exponent;
}

/** A decimal literal as sign, significant digits without leading or trailing zeros, and exponent. */
function normalise(text: string): { negative: boolean; digits: string; exponent: number } | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const whole = `${m[2]}${m[3] ?? ''}`;
  const leading = whole.length - whole.replace(/^0+/, '').length;
  const significant = whole.slice(leading);
  if (significant === '') return { negative: false, digits: '0', exponent: 0 };
  const digits = significant.replace(/0+$/, '');
  const trailing = significant.length - digits.length;
  const exponent = Number(m[4] ?? '0') - (m[3] ?? '').length + trailing;
  return { negative: m[1] === '-', digits, exponent };
}

/** How `parseJsonExact` keeps a number a double cannot hold: as a string, or as its literal text. */
export type KeepDigits = 'as-string' | 'verbatim';

/** JSON.parse that keeps every digit: an inexact number becomes its source text (`as-string`) or a raw value (`verbatim`, for `dgw api`). */
export function parseJsonExact(text: string, keep: KeepDigits = 'as-string'): unknown {
  if (!mayLoseDigits(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value !== 'number' || context?.source === undefined) return value;
    const exact = exactNumber(context.source);
    return typeof exact === 'number' || keep === 'as-string' ? exact : rawJson(context.source);
  });
}

/** JSON.rawJSON (Node 21+), not yet in TypeScript's library. */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** JSON.isRawJSON (Node 21+): true for a number kept verbatim by `parseJsonExact`. */
export const isRawJson = (JSON as unknown as { isRawJSON(value: unknown): boolean }).isRawJSON;

/** False when no number in `text` can lose digits under JSON.parse, so the slower exact reader is not needed; true may be a false alarm. */
export function mayLoseDigits(text: string): boolean {
  let run = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Digits in a string (an id "709922802836177297") are no number: \ skips the character it escapes.
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    if ((c >= 48 && c <= 57) || c === 46) {
      if (++run >= 16) return true;
      continue;
    }
    // An exponent: e or E right after a digit.
    if ((c === 101 || c === 69) && run > 0) return true;
    run = 0;
  }
  return false;
}
