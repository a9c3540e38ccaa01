import { UsageError } from '../errors.js';

/** A NUL in SQL means a binary or UTF-16 file: no SQL engine reads one. */
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
