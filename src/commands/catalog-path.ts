import type { Http } from '../api/http.js';
import { resolveCatalogId } from '../api/resolve-catalog.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { checkNameArgument } from './name-argument.js';

const PARTS = ['catalog', 'schema', 'table', 'column'] as const;

/** `catalog.schema.table` (or `...table.column`) as a place, each part checked; a catalog name is looked up (in a dry run, shown as `{id of NAME}`). */
export async function catalogPath(ctx: Context, http: Http, projectId: string, given: string, what: string, withColumn: boolean): Promise<{ catalogId: string; schema: string; table: string; column: string }> {
  const parts = given.split('.');
  const want = withColumn ? 4 : 3;
  if (parts.length !== want) throw new UsageError(`${what} must be ${PARTS.slice(0, want).join('.')}, e.g. svc.table.orders${withColumn ? '.customer_id' : ''}`);
  parts.forEach((p, i) => checkNameArgument(p, `${what}'s ${PARTS[i]}`));
  const [catalog, schema, table, column = ''] = parts;
  return { catalogId: await catalogIdOf(ctx, http, projectId, catalog, schema), schema, table, column };
}

/** A catalog's id: digits as they are, a name looked up, its schema choosing among the `svc` ones (in a dry run that reads nothing, `{id of NAME}`, as the real run would send its id). */
export function catalogIdOf(ctx: Context, http: Http, projectId: string, ref: string, schema?: string): Promise<string> {
  if (http.readsNothing && /^\d+$/.test(ref)) return Promise.resolve(ref);
  return resolveCatalogId(http, projectId, ref, (m) => ctx.out.note(m), schema);
}
