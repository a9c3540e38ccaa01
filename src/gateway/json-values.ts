import type { DuckDBDecimalType, DuckDBValueConverter, Json } from '@duckdb/node-api';
import { MAX_DOUBLE_DIGITS } from '../api/exact-numbers.js';
import type { DuckDBModule } from './duckdb.js';

/** One DuckDB value as its run-SQL JSON, at any depth; numbers by the column rule of api/exact-numbers.ts. */
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

/** An infinite DATE as DuckDB writes it: the client's own text is a far date, which it is not. */
export function dateJson(value: { isFinite: boolean; days: number }): string | undefined {
  return value.isFinite ? undefined : value.days > 0 ? 'infinity' : '-infinity';
}
