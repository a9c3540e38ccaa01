/**
 * The CSV writer (`--format csv`): RFC 4180 fields, a comma between them, one record per line. A
 * field is quoted when it holds a comma, a double quote (doubled inside), a line break, or space at
 * either end; NULL (and an absent value) is an empty field, objects and arrays are their JSON text.
 */

/** One field, quoted when it must be. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its fields joined by commas (no line end). */
export function csvLine(values: unknown[]): string {
  return values.map(csvField).join(',');
}
