import type { ColumnDataType } from '../api/types.js';

/** A column type read from sample values, and why a value was kept as text when it was. */
export interface InferredColumn {
  name: string;
  dataType: ColumnDataType;
  /** Set when the values looked like numbers a stored DECIMAL would round: they stay VARCHAR. */
  note?: string;
}

// Numbers and UUIDs only as the column's type prints them back: `00123` (a postal code, an id),
// `+5`, `-0` and an upper-case UUID would come back changed, so they stay text. (TRUE is a boolean.)
const CHECKS: Array<[ColumnDataType, RegExp]> = [
  ['BOOLEAN', /^(?:true|false)$/i],
  ['BIGINT', /^(?:0|-?[1-9]\d{0,17})$/],
  ['DECIMAL', /^(?:-?(?:0|[1-9]\d{0,14})\.\d{1,3})$/],
  ['DATE', /^\d{4}-\d{2}-\d{2}$/],
  ['TIMESTAMP', /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?$/],
  ['TIME', /^\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?$/],
  ['UUID', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/],
];
const MORE_DECIMALS = /^-?(?:0|[1-9]\d*)\.\d+$/;
const NEGATIVE_ZERO = /^-0\.0+$/;

/**
 * The narrowest column type every non-empty sample value of each column fits (`--create`), among
 * the types a stored table takes: BOOLEAN, BIGINT, DECIMAL, DATE, TIMESTAMP, TIME, UUID, else
 * VARCHAR, each value written as that type writes it (else the column keeps its text). A BIGINT
 * column with decimals is DECIMAL. DECIMAL keeps three decimals and fifteen
 * digits before the point (the local gateway's DECIMAL(18,3)); numbers with more stay VARCHAR,
 * since a DECIMAL would round them. An empty field is NULL and fits every type.
 */
export function inferColumns(names: string[], rows: string[][]): InferredColumn[] {
  return names.map((name, i) => {
    const values = rows.map((r) => r[i] ?? '').filter((v) => v !== '');
    if (values.length === 0) return { name, dataType: 'VARCHAR' };
    for (const [type, pattern] of CHECKS) {
      if (values.every((v) => (pattern.test(v) && !NEGATIVE_ZERO.test(v)) || (type === 'DECIMAL' && CHECKS[1][1].test(v)))) return { name, dataType: type };
    }
    if (values.every((v) => MORE_DECIMALS.test(v) || CHECKS[1][1].test(v))) {
      return { name, dataType: 'VARCHAR', note: `${name} holds numbers with more than 3 decimals or 15 digits, which a stored DECIMAL would round: kept as VARCHAR` };
    }
    return { name, dataType: 'VARCHAR' };
  });
}
