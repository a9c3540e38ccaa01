/** The one TSV writer, lossless with PostgreSQL's text-format escaping; NULL is `\N`, unlike the empty string. */

export const TSV_NULL = '\\N';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function tsvField(value: unknown): string {
  if (value === null || value === undefined) return TSV_NULL;
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Tested first: most fields have nothing to escape, and a test makes no new string.
  return TO_ESCAPE.test(text) ? text.replace(TO_ESCAPE_ALL, (c) => ESCAPES[c]) : text;
}

const TO_ESCAPE = /[\\\t\n\r]/;
const TO_ESCAPE_ALL = /[\\\t\n\r]/g;

/** One row: its fields escaped, joined by tabs (no line end). */
export function tsvLine(values: unknown[]): string {
  // A loop rather than map and join: no array per row (a result may have millions).
  if (values.length === 0) return '';
  let line = tsvField(values[0]);
  for (let i = 1; i < values.length; i++) line += `\t${tsvField(values[i])}`;
  return line;
}
