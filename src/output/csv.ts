/** The CSV writer, by DuckDB's rule, so gateway COPY, exports and this writer make the same bytes. */

const MUST_QUOTE = /[",\r\n#]/;

export function csvField(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return quoted(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

function quoted(text: string): string {
  return text === '' || MUST_QUOTE.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its fields joined by commas (no line end); `field` writes each (csvField unless told). */
export function csvLine(values: unknown[], field: (value: unknown) => string = csvField): string {
  // A loop rather than map and join: no array per record (a result may have millions).
  if (values.length === 0) return '';
  let line = field(values[0]);
  for (let i = 1; i < values.length; i++) line += `,${field(values[i])}`;
  return line;
}

/** A float that is no number: JSON answers carry it as text, DuckDB's CSV (COPY, exports) writes it so. */
const NON_FINITE = new Map([['Infinity', 'inf'], ['-Infinity', '-inf'], ['NaN', 'nan']]);

const FLOAT_TYPE = /^(FLOAT|FLOAT4|FLOAT8|REAL|DOUBLE)$/i;

/** Which columns are floats, by SQL type; `withDuckDbFloats` spells their non-finite values as DuckDB's CSV does. */
export function floatColumns(dataTypes: Array<string | undefined> = []): boolean[] {
  return dataTypes.map((type) => type !== undefined && FLOAT_TYPE.test(type.trim()));
}

export function withDuckDbFloats(values: unknown[], floats: boolean[]): unknown[] {
  return values.map((v, i) => (floats[i] && typeof v === 'string' ? (NON_FINITE.get(v) ?? v) : v));
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Prefixes `'` to text a spreadsheet would run as a formula (`--guard-formulas`); numbers are left alone. */
export function guardFormula(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || NUMBER.test(value)) return value;
  return `'${value}`;
}
