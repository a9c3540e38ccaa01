import type { DuckDBDecimalType, DuckDBValueConverter, Json } from '@duckdb/node-api';
import { MAX_DOUBLE_DIGITS } from '../api/exact-numbers.js';
import type { DuckDBModule } from './duckdb.js';

/**
 * Turns one DuckDB value into its JSON form for the run-SQL answer, at any depth (inside LIST,
 * ARRAY, STRUCT, MAP and UNION values too): numbers by the column rule of api/exact-numbers.ts
 * (one JSON type per type: BIGINT and wider, and DECIMALs of 16 digits or more, always strings
 * with every digit; the narrower types numbers),
 * doubles as numbers with NaN and the infinities as strings, NULL as null, and everything else
 * as DuckDB's own JSON converter writes it (dates and times as text, intervals as objects).
 * One call per value, so a streamed answer can convert chunk by chunk.
 */
export function jsonValueConverter(duck: DuckDBModule): DuckDBValueConverter<Json> {
  const { DuckDBTypeId: T, JsonDuckDBValueConverter: asDuckDBWrites } = duck;
  const convert: DuckDBValueConverter<Json> = (value, type, self) => {
    if (value === null || value === undefined) return null;
    switch (type.typeId) {
      case T.BIGINT:
      case T.UBIGINT:
      case T.HUGEINT:
      case T.UHUGEINT:
      case T.BIGNUM:
        return String(value);
      case T.DECIMAL:
        // DuckDB writes a DECIMAL with every digit of its scale; its width decides number or string.
        return (type as DuckDBDecimalType).width <= MAX_DOUBLE_DIGITS ? Number(String(value)) : String(value);
      case T.FLOAT:
      case T.DOUBLE:
        return Number.isFinite(value) ? (value as number) : String(value);
      case T.DATE:
        return dateJson(value as { isFinite: boolean; days: number }) ?? asDuckDBWrites(value, type, self);
      default:
        return asDuckDBWrites(value, type, self);
    }
  };
  return convert;
}

/**
 * An infinite DATE as DuckDB writes it (`infinity`, `-infinity`); undefined for any other date.
 * The DuckDB client's own text of them is a far date (5881580-07-11), which they are not.
 */
export function dateJson(value: { isFinite: boolean; days: number }): string | undefined {
  return value.isFinite ? undefined : value.days > 0 ? 'infinity' : '-infinity';
}
