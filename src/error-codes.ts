// The local gateway's error codes and the numbers its hosted shape answers with (the document's one
// example: 100, a name taken): one table, so the CLI reads a number back as its code.

export const ERROR_NUMBERS = {
  CONFLICT: 100,
  BAD_REQUEST: 101,
  NOT_FOUND: 102,
  UNAUTHORIZED: 103,
  FORBIDDEN: 104,
  SQL_ERROR: 105,
  SQL_NOT_ALLOWED: 106,
  CSV_ERROR: 107,
  ROWS_LOST: 108,
  NO_INCREMENTAL_COLUMN: 109,
  STATEMENT_TIMEOUT: 110,
  STATEMENT_TOO_LARGE: 111,
  STATEMENT_TOO_COMPLEX: 112,
  MEMORY_LIMIT: 113,
  PAYLOAD_TOO_LARGE: 114,
  NOT_IMPLEMENTED: 115,
  CLOSED: 116,
  UNAVAILABLE: 117,
  INTERNAL: 118,
  DISK_FULL: 119,
  DATABASE_DAMAGED: 120,
  DATABASE_BUSY: 121,
  DATABASE_NEWER: 122,
  LINK_EXPIRED: 123,
  CANCELLED: 124,
  UNSUPPORTED_CONNECTION_TYPE: 125,
  NOT_MATERIALIZED: 126,
  METHOD_NOT_ALLOWED: 127,
  FILE_ACCESS: 128,
  UNSUPPORTED_MEDIA_TYPE: 129,
} as const;

/** An error code of the local gateway. */
export type ErrorName = keyof typeof ERROR_NUMBERS;

/** The code a number of the hosted shape stands for; a code given as text is itself. */
export function errorName(code: unknown): string | undefined {
  if (typeof code === 'string') return code;
  if (typeof code !== 'number') return undefined;
  return (Object.keys(ERROR_NUMBERS) as ErrorName[]).find((name) => ERROR_NUMBERS[name] === code);
}
