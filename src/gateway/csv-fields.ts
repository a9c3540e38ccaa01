import type { DuckDBType } from '@duckdb/node-api';
import type { DuckDBModule } from './duckdb.js';

/**
 * SQL that writes a CSV field exactly as dgw's CSV writer (src/output/csv.ts) writes it from the
 * JSON answer of run SQL: the same text for every value of the types below, so that a result
 * DuckDB writes by itself (csv-answer.ts) is byte for byte the one the rows would have made.
 * `undefined` for a column of any other type: its statement is answered as JSON instead.
 *
 * What the JSON answer holds, and so what dgw prints, per type (json-text.ts, exact-numbers.ts):
 * - integers: their digits; DOUBLE and FLOAT: JavaScript's text of the double (`0`, `0.37`,
 *   `1e-7`, `100000000000000000000`, `1e+21`), `NaN`, `Infinity`, `-Infinity`;
 * - DECIMAL: JavaScript's text of the nearest double when that double reads back as the same
 *   value, else DuckDB's text with every digit;
 * - BOOLEAN: `true`, `false`; dates, times, UUIDs: DuckDB's text; text: quoted as csv.ts quotes;
 * - NULL: an empty field.
 */
export function csvFieldSql(duck: DuckDBModule, type: DuckDBType, value: string, name: string): CsvFieldSql | undefined {
  const T = duck.DuckDBTypeId;
  const text = `${name}_text`;
  switch (type.typeId) {
    case T.BOOLEAN:
    case T.TINYINT:
    case T.SMALLINT:
    case T.INTEGER:
    case T.BIGINT:
    case T.HUGEINT:
    case T.UTINYINT:
    case T.USMALLINT:
    case T.UINTEGER:
    case T.UBIGINT:
    case T.UHUGEINT:
    case T.DATE:
    case T.TIME:
    case T.TIMESTAMP:
    case T.UUID:
      // Numbers, dates and times never hold a comma, a quote, a line break or space at an end: never quoted.
      return { texts: [`${value}::VARCHAR AS ${text}`], field: `coalesce(${text}, '')` };
    case T.VARCHAR:
      return { texts: [`${value} AS ${text}`], field: `coalesce(${quotedText(text)}, '')` };
    case T.FLOAT:
    case T.DOUBLE: {
      const number = javascriptNumber(`${value}::DOUBLE`, name);
      return { texts: number.texts, field: `coalesce(${number.field}, '')` };
    }
    case T.DECIMAL: {
      const exact = `${name}_exact`;
      // Read as a double through its text: DuckDB's cast of a DECIMAL to DOUBLE is not always the
      // nearest double (-0.0013982262608643910 becomes -0.0013982262608643909), its reading of text is.
      const number = javascriptNumber(`${value}::VARCHAR::DOUBLE`, name);
      // The double's shortest text read back as the DECIMAL is the same value: the double holds it.
      return {
        texts: [`${value} AS ${exact}`, ...number.texts],
        field: `coalesce(CASE WHEN abs(${exact}::DOUBLE) <= 9007199254740991 AND TRY_CAST(${text} AS ${type.toString()}) = ${exact} THEN ${number.field} ELSE ${exact}::VARCHAR END, '')`,
      };
    }
    default:
      return undefined;
  }
}

/**
 * A column's CSV field as SQL, in two steps, so that each value's text is made once: `texts`, the
 * column's values and texts under names of their own (for a SELECT over the rows), and `field`,
 * the field made from those names (for a SELECT over that one).
 */
export interface CsvFieldSql {
  texts: string[];
  field: string;
}

/**
 * JavaScript's whitespace (`\s`), which csv.ts quotes at either end of a field: RE2 has no
 * class for it.
 */
const JS_SPACE = '[\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}]';

/** A text field as csv.ts writes it: in double quotes (doubled inside) when it holds a comma, a quote or a line break, or space at an end. */
function quotedText(text: string): string {
  return `CASE WHEN regexp_matches(${text}, '[",\\r\\n]|^${JS_SPACE}|${JS_SPACE}$') THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END`;
}

/**
 * The text JavaScript's String(number) gives a double, in two steps (see CsvFieldSql): `texts`
 * makes DuckDB's text of the double (`${name}_text`: the same shortest digits, written otherwise)
 * and, only when it has an exponent, its parts; `field` writes JavaScript's text from them.
 * Where DuckDB writes no exponent (about 1e-4 to 1e16) the two differ only in DuckDB's `.0` on
 * whole numbers; elsewhere JavaScript's rule applies: plain from 1e-7 to 1e21, else `d.ddde+n`.
 */
function javascriptNumber(double: string, name: string): { texts: string[]; field: string } {
  const text = `${name}_text`;
  const parts = `${name}_parts`;
  const digits = `${name}_digits`;
  // The decimal point's place after the first significant digit's: value = 0.DIGITS x 10^n.
  const n = `${name}_n`;
  const texts = [
    `${double}::VARCHAR AS ${text}`,
    `CASE WHEN contains(${text}, 'e') THEN regexp_extract(${text}, '^(-?)(\\d+)(?:\\.(\\d+))?(?:e([+-]\\d+))?$', ['sign', 'whole', 'fraction', 'exponent']) END AS ${parts}`,
    `rtrim(ltrim(${parts}['whole'] || ${parts}['fraction'], '0'), '0') AS ${digits}`,
    `length(${parts}['whole']) + ${parts}['exponent']::INTEGER - (length(${parts}['whole'] || ${parts}['fraction']) - length(ltrim(${parts}['whole'] || ${parts}['fraction'], '0'))) AS ${n}`,
  ];
  const k = `length(${digits})`;
  const field = `CASE
    WHEN ${text} IN ('nan', '-nan') THEN 'NaN'
    WHEN ${text} = 'inf' THEN 'Infinity'
    WHEN ${text} = '-inf' THEN '-Infinity'
    WHEN ${parts} IS NULL THEN CASE WHEN ${text} IN ('0.0', '-0.0') THEN '0' WHEN suffix(${text}, '.0') THEN left(${text}, length(${text}) - 2) ELSE ${text} END
    ELSE ${parts}['sign'] || CASE
      WHEN ${k} <= ${n} AND ${n} <= 21 THEN ${digits} || repeat('0', ${n} - ${k})
      WHEN 0 < ${n} AND ${n} <= 21 THEN left(${digits}, ${n}) || '.' || substr(${digits}, ${n} + 1)
      WHEN -6 < ${n} AND ${n} <= 0 THEN '0.' || repeat('0', -${n}) || ${digits}
      ELSE left(${digits}, 1) || CASE WHEN ${k} > 1 THEN '.' || substr(${digits}, 2) ELSE '' END || 'e' || CASE WHEN ${n} - 1 >= 0 THEN '+' ELSE '-' END || abs(${n} - 1)::VARCHAR
    END
  END`;
  return { texts, field };
}
