import type { RelationRecord } from '../../api/relations.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';

/** How --type is described: the service says which kinds it takes (the local gateway: these four, in any case). */
export const TYPE_HELP = 'the kind of relation, e.g. MANY_TO_ONE, ONE_TO_MANY, ONE_TO_ONE, MANY_TO_MANY (the service checks it)';

/** Columns of `relation list`, `add` and `update`, each a --json field: the id is what `relation update` and `rm` take; names stay whole but give way at a narrow width. */
export const RELATION_COLUMNS: Column<RelationRecord>[] = [
  { field: 'id', kind: 'key' },
  { field: 'tableName', kind: 'key' },
  { field: 'columnName', kind: 'id' },
  { field: 'type' },
  { field: 'targetTableName', kind: 'id' },
  { field: 'targetColumnName', kind: 'id' },
  // Where each table is: last, so a narrow window keeps what relates to what.
  { field: 'schemaName', kind: 'id' },
  { field: 'targetCatalogId', kind: 'id' },
  { field: 'targetSchemaName', kind: 'id' },
];

export const relationId = (r: RelationRecord): string => r.id;

/** A relation type as sent: upper-cased, not empty. Which kinds exist is the service's to say. */
export function checkType(type: string): string {
  const t = type.trim().toUpperCase();
  if (!/^[A-Z_]+$/.test(t)) throw new UsageError('--type must be a kind of relation such as MANY_TO_ONE (letters and _)');
  return t;
}
