import { createHash } from 'node:crypto';
import { listCatalogs } from '../../api/catalogs.js';
import { listGoldenSqls } from '../../api/golden-sqls.js';
import type { Http } from '../../api/http.js';
import { listRelations } from '../../api/relations.js';
import { compareText } from '../../output/text-order.js';
import type { DesiredKnowledge, ProjectKnowledge, ProjectRelation } from './model.js';

/** Reads the kinds the files manage: golden SQLs in one request; relations in one
 * per catalog, after the catalog list. Nothing when no knowledge file is there. */
export async function readKnowledgeOf(http: Http, projectId: string, managed: DesiredKnowledge): Promise<ProjectKnowledge> {
  const [goldens, catalogs] = await Promise.all([
    managed.goldenSqls ? listGoldenSqls(http, projectId) : undefined,
    managed.relations ? listCatalogs(http, projectId) : [],
  ]);
  let relations: ProjectRelation[] | undefined;
  if (managed.relations) {
    const lists = await Promise.all(catalogs.map((c) => listRelations(http, projectId, c.id)));
    const byId = new Map(lists.flat().map((r) => [r.id, r]));
    relations = [...byId.values()].map((r) => ({
      id: r.id,
      from: { catalog: r.catalogId, schema: r.schemaName, table: r.tableName, column: r.columnName },
      to: { catalog: r.targetCatalogId, schema: r.targetSchemaName, table: r.targetTableName, column: r.targetColumnName },
      type: r.type,
    }));
    relations.sort((a, b) => compareText(a.id, b.id));
  }
  const goldenSqls = goldens?.map((g) => ({ id: g.id, question: g.prompt, sql: g.sql })).sort((a, b) => compareText(a.id, b.id));
  const names = catalogs.map((c) => ({ id: c.id, name: c.name }));
  const fingerprint = `sha256:${createHash('sha256').update(JSON.stringify({ goldenSqls, relations, catalogs: names })).digest('hex')}`;
  return { goldenSqls, relations, catalogs: names, fingerprint };
}
