import type { DuckDBDecimalType, DuckDBMapType, DuckDBMapValue, DuckDBUnionType, DuckDBUnionValue, DuckDBValueConverter, Json } from '@duckdb/node-api';
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
      case T.DOUBLE: {
        if (!Number.isFinite(value)) return String(value);
        const n = type.typeId === T.FLOAT ? shortestFloat(value as number) : (value as number);
        return doubleIsIntegerLike(n) ? (rawJson(doubleText(n)) as Json) : n;
      }
      case T.DATE:
        return dateJson(value as { isFinite: boolean; days: number }) ?? asDuckDBWrites(value, type, self);
      // The next three as DuckDB's own to_json writes them (docs/output.md, Other types in JSON).
      case T.INTERVAL:
        return String(value);
      case T.MAP: {
        // A key is named by its text, as DuckDB casts it to VARCHAR (node-api's text of a FLOAT or DOUBLE drops a trailing .0).
        const { valueType } = type as DuckDBMapType;
        return Object.fromEntries((value as DuckDBMapValue).entries.map((e) => [String(e.key), self(e.value, valueType, self)]));
      }
      case T.UNION: {
        const { tag, value: member } = value as DuckDBUnionValue;
        return { [tag]: self(member, (type as DuckDBUnionType).memberTypeForTag(tag), self) };
      }
      default:
        return asDuckDBWrites(value, type, self);
    }
  };
  return convert;
}

/** A finite double's JSON text, with an exponent (1e+17) past 2^53 so a reader does not take it for a 64-bit integer (api/exact-numbers.ts). */
export function doubleText(v: number): string {
  return doubleIsIntegerLike(v) ? v.toExponential() : String(v);
}

/** A FLOAT's shortest number that reads back as the same 32-bit float, as DuckDB writes it: 0.1, not the 0.10000000149011612 it widens to. */
export function shortestFloat(v: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(v.toPrecision(digits));
    if (Math.fround(shorter) === v) return shorter;
  }
  return v;
}

function doubleIsIntegerLike(v: number): boolean {
  return Math.abs(v) > Number.MAX_SAFE_INTEGER && Math.abs(v) < 1e21;
}

/** JSON.rawJSON (Node 21+), not yet in TypeScript's library. */
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** An infinite DATE as DuckDB writes it: the client's own text is a far date, which it is not. */
export function dateJson(value: { isFinite: boolean; days: number }): string | undefined {
  return value.isFinite ? undefined : value.days > 0 ? 'infinity' : '-infinity';
}
