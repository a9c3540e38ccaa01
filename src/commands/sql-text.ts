import { UsageError } from '../errors.js';

/**
 * Refuses SQL holding a NUL byte, naming the flag it came from. No SQL engine reads one (DuckDB's
 * C API stops the text there), so it is a sign of a binary or UTF-16 file rather than of SQL.
 */
export function refuseNulInSql(text: string, flag: string): string {
  const at = text.indexOf('\u0000');
  if (at >= 0) {
    throw new UsageError(
      `${flag}: the SQL contains a NUL byte (U+0000) at character ${at + 1}; SQL text cannot hold one`,
      'is the file binary, or saved as UTF-16? save it as UTF-8 text',
    );
  }
  return text;
}
