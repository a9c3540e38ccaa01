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

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Prefixes `'` to text a spreadsheet would run as a formula (`--guard-formulas`); numbers are left alone. */
export function guardFormula(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || NUMBER.test(value)) return value;
  return `'${value}`;
}
