import type { ColumnDataType, ColumnRequest } from '../../api/types.js';
import { hasControlCharacter } from '../../api/names.js';
import { UsageError } from '../../errors.js';

/** The column types a stored table takes (the document's ColumnRequest enum). */
export const COLUMN_TYPES: readonly ColumnDataType[] = ['VARCHAR', 'BIGINT', 'BOOLEAN', 'DECIMAL', 'TIMESTAMP', 'TIME', 'DATE', 'UUID'];

/** `name:TYPE` arguments (type in any case) as ColumnRequest bodies; every problem is a usage error naming `label`. */
export function parseColumnSpecs(specs: string[], label: string): ColumnRequest[] {
  const seen = new Set<string>();
  return specs.map((spec) => {
    const at = spec.lastIndexOf(':');
    const name = at < 0 ? '' : spec.slice(0, at);
    const type = (at < 0 ? '' : spec.slice(at + 1)).trim().toUpperCase() as ColumnDataType;
    if (at < 0) throw new UsageError(`${label}: "${spec}" is not name:TYPE, e.g. amount:DECIMAL`);
    if (!name.trim()) throw new UsageError(`${label}: "${spec}" has no column name`);
    if (hasControlCharacter(name)) throw new UsageError(`${label}: the column name in "${spec}" contains a control character`);
    if (!COLUMN_TYPES.includes(type)) throw new UsageError(`${label}: "${spec}": the type must be one of ${COLUMN_TYPES.join(', ')}`);
    if (seen.has(name.toLowerCase())) throw new UsageError(`${label}: column ${name} is given twice`);
    seen.add(name.toLowerCase());
    return { name, dataType: type };
  });
}
