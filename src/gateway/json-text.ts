import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import { exactNumber } from '../api/exact-numbers.js';
import type { DuckDBModule } from './duckdb.js';
import { jsonValueConverter } from './json-values.js';

/** Writes one value of a column as JSON text (`null` for NULL). */
export type JsonTextWriter = (value: DuckDBValue) => string;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The JSON text of a column's values, chosen once per column so that each value is converted
 * once, straight to its text: exactly what `JSON.stringify(jsonValueConverter(value))` writes (a
 * test holds them equal over every type), without the intermediate value or a switch per value.
 * Exact numbers follow api/exact-numbers.ts; nested and rare types go through the converter.
 */
export function jsonTextWriter(duck: DuckDBModule, type: DuckDBType): JsonTextWriter {
  const T = duck.DuckDBTypeId;
  switch (type.typeId) {
    case T.BOOLEAN:
      return (v) => (v === null ? 'null' : v ? 'true' : 'false');
    case T.TINYINT:
    case T.SMALLINT:
    case T.INTEGER:
    case T.UTINYINT:
    case T.USMALLINT:
    case T.UINTEGER:
      return (v) => (v === null ? 'null' : String(v));
    case T.FLOAT:
    case T.DOUBLE:
      return (v) => (v === null ? 'null' : Number.isFinite(v) ? String(v) : `"${String(v)}"`);
    case T.BIGINT:
    case T.UBIGINT:
    case T.HUGEINT:
    case T.UHUGEINT:
    case T.BIGNUM:
      return (v) => {
        if (v === null) return 'null';
        const n = v as bigint;
        return n >= -MAX_SAFE && n <= MAX_SAFE ? String(n) : `"${String(n)}"`;
      };
    case T.DECIMAL:
      return (v) => {
        if (v === null) return 'null';
        const exact = exactNumber(String(v));
        return typeof exact === 'number' ? String(exact) : `"${exact}"`;
      };
    case T.VARCHAR:
    case T.DATE:
    case T.TIME:
    case T.TIMESTAMP:
    case T.TIMESTAMP_S:
    case T.TIMESTAMP_MS:
    case T.TIMESTAMP_NS:
    case T.TIMESTAMP_TZ:
    case T.TIME_TZ:
    case T.UUID:
    case T.ENUM:
      return (v) => (v === null ? 'null' : JSON.stringify(String(v)));
    default: {
      const convert = jsonValueConverter(duck);
      return (v) => (v === null ? 'null' : JSON.stringify(convert(v, type, convert)));
    }
  }
}
