import type { ParametricTableRecord } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';

/** The line before each verb's examples: they read a catalog a fresh local gateway does not have. */
export const EXAMPLES_NEED = '\nThe examples read the catalog visits, which a fresh local gateway lacks; make it first:\n  dgw connection create visits --type csv --field path=visits.csv\n';

export const PARAMETRIC_COLUMNS: Column<ParametricTableRecord>[] = [
  { field: 'toSchema' },
  { field: 'toTable', kind: 'key' },
  { field: 'fromSchema' },
  { field: 'fromTable' },
  { field: 'paramValues', show: (t) => t.paramValues.map((p) => `${p.key}=${typeof p.value === 'string' ? p.value : JSON.stringify(p.value)}`).join(', ') },
];

export function schemaAndTable(given: string, label: string): { schema: string; table: string } {
  const m = /^([^./]+)\.([^./]+)$/.exec(given.trim());
  if (!m) throw new UsageError(`${label} must be schema.table; got "${given}"`);
  return { schema: m[1], table: m[2] };
}
