import type { Http } from '../../api/http.js';
import { listRelations, type RelationRecord } from '../../api/relations.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { Context } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';

/** A relation of a catalog by id: its table is part of the path the update and delete operations take. */
export async function findRelation(ctx: Context, http: Http, projectId: string, catalog: string, id: string): Promise<Pick<RelationRecord, 'id' | 'catalogId' | 'schemaName' | 'tableName'>> {
  checkNameArgument(catalog, 'CATALOG');
  checkNameArgument(id, 'ID');
  // A dry run reads nothing: the table is left for the reader to see as a placeholder.
  if (http.readsNothing) return { id, catalogId: catalog, schemaName: http.placeholder('schema of the relation'), tableName: http.placeholder('table of the relation') };
  const catalogId = await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m));
  const found = (await listRelations(http, projectId, catalogId)).find((r) => r.id === id);
  if (!found) throw new NotFoundError(`catalog ${catalog} has no relation ${id} (\`dgw relation list ${catalog}\` shows them)`);
  return found;
}
