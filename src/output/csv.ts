/**
 * The CSV writer (`--format csv`), by the one rule every CSV of dgw follows (DuckDB's own, so the
 * local gateway's COPY, its exports and this writer make the same bytes, and `table import` reads
 * them back): fields separated by commas, one record per line; NULL (and an absent value) is an
 * empty field, the empty string is `""`; a field is quoted when it holds a comma, a double quote
 * (doubled inside), a line break or `#`; objects and arrays are their JSON text.
 */

const MUST_QUOTE = /[",\r\n#]/;

/** One field, quoted when it must be. */
export function csvField(value: unknown): string {
  // Text first: most fields of a result are text or numbers.
  if (typeof value === 'string') return quoted(value);
  if (value === null || value === undefined) return '';
  // A number or a boolean never needs quotes.
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

/**
 * A value made safe to open in a spreadsheet (`--guard-formulas`): text starting with = + - @, a
 * tab or a carriage return, which Excel, LibreOffice and Google Sheets would run as a formula, gets
 * a leading `'` (they show the text as it is; the apostrophe is part of the field for any other
 * reader). A number (-5, +1e3) is left alone; so is anything that is not text.
 */
export function guardFormula(value: unknown): unknown {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || NUMBER.test(value)) return value;
  return `'${value}`;
}
