import type { Http } from '../../api/http.js';
import type { ColumnAt, RelationRecord } from '../../api/relations.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { checkNameArgument } from '../name-argument.js';

/** The kinds of relation, as the local gateway takes them. */
export const RELATION_TYPES = ['ONE_TO_ONE', 'ONE_TO_MANY', 'MANY_TO_ONE', 'MANY_TO_MANY'];

/** Columns of `relation list`, `add` and `update`. */
export const RELATION_COLUMNS: Column<RelationRecord>[] = [
  { field: 'id', kind: 'id' },
  { field: 'tableName', kind: 'key', show: (r) => `${r.schemaName}.${r.tableName}` },
  { field: 'columnName', kind: 'key' },
  { field: 'type' },
  { field: 'targetTableName', kind: 'key', show: (r) => `${r.targetCatalogId}.${r.targetSchemaName}.${r.targetTableName}` },
  { field: 'targetColumnName', kind: 'key' },
];

export const relationId = (r: RelationRecord): string => r.id;

/** `catalog.schema.table.column` as a column's place, the catalog looked up by name when it is not an id. */
export async function columnAt(ctx: Context, http: Http, projectId: string, given: string, what: string): Promise<ColumnAt> {
  const parts = given.split('.');
  if (parts.length !== 4) throw new UsageError(`${what} must be catalog.schema.table.column, e.g. svc.table.orders.customer_id`);
  parts.forEach((p, i) => checkNameArgument(p, `${what}'s ${['catalog', 'schema', 'table', 'column'][i]}`));
  const [catalog, schema, table, column] = parts;
  const catalogId = http.readsNothing && !/^\d+$/.test(catalog) ? catalog : await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m));
  return { catalogId, schema, table, column };
}

/** A relation type given in any case, upper-cased; a usage error names the kinds. */
export function checkType(type: string): string {
  const t = type.toUpperCase();
  if (!RELATION_TYPES.includes(t)) throw new UsageError(`--type must be one of ${RELATION_TYPES.join(', ')}`);
  return t;
}
