import type { GoldenSql } from '../project/golden-sqls.js';
import { relationType, type Relation } from '../project/relations.js';
import { Routes } from '../router.js';
import { badRequest } from '../errors.js';
import type { RouteContext } from '../router.js';
import { jsonObject, reqString } from '../validate.js';

// The document gives these answers as open objects; the local gateway's shapes are its own, one list under `goldenSqls`.

const shown = (g: GoldenSql) => ({ id: g.id, prompt: g.prompt, sql: g.sql, createdAt: new Date(g.createdAt).toISOString() });

const relationShown = (r: Relation) => ({
  id: r.id,
  catalogId: r.catalogId,
  schemaName: r.schemaName,
  tableName: r.tableName,
  columnName: r.columnName,
  targetCatalogId: r.target.catalogId,
  targetSchemaName: r.target.schemaName,
  targetTableName: r.target.tableName,
  targetColumnName: r.target.columnName,
  type: r.type,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** The table a relation path names: `/relations/{catalogId}/{schemaName}/{tableName}/...`. */
const tableOf = (c: RouteContext) => ({ catalogId: c.req.param('catalogId'), schemaName: c.req.param('schemaName'), tableName: c.req.param('tableName') });

/** Project knowledge under `/metadata/{projectId}`: golden SQLs and relations so far. */
export function metadataRoutes(): Routes {
  return new Routes()
    .get('/golden-sqls', async (c) => c.json({ goldenSqls: (await c.get('project').goldenSqls()).map(shown) }))
    .post('/golden-sqls', async (c) => {
      const body = await jsonObject(c);
      return c.json(shown(await c.get('project').addGoldenSql(reqString(body, 'prompt'), reqString(body, 'sql'))));
    })
    .delete('/golden-sqls/:id', async (c) => {
      const gone = await c.get('project').deleteGoldenSql(c.req.param('id'));
      return c.json({ ...shown(gone), deleted: true });
    })
    .get('/relations/:catalogId', async (c) => c.json({ relations: (await c.get('project').relations(c.req.param('catalogId'))).map(relationShown) }))
    .post('/relations/:catalogId/:schemaName/:tableName/:columnName', async (c) => {
      const body = await jsonObject(c);
      const target = { catalogId: reqString(body, 'targetCatalogId'), schemaName: reqString(body, 'targetSchemaName'), tableName: reqString(body, 'targetTableName'), columnName: reqString(body, 'targetColumnName') };
      const from = { ...tableOf(c), columnName: c.req.param('columnName') };
      return c.json(relationShown(await c.get('project').addRelation(from, target, relationType(body.type))));
    })
    .put('/relations/:catalogId/:schemaName/:tableName/:relationId', async (c) => {
      const type = relationType((await jsonObject(c)).type);
      return c.json(relationShown(await c.get('project').updateRelation(tableOf(c), c.req.param('relationId'), type)));
    })
    .delete('/relations/:catalogId/:schemaName/:tableName/:relationId', async (c) => {
      return c.json({ ...relationShown(await c.get('project').deleteRelation(tableOf(c), c.req.param('relationId'))), deleted: true });
    })
    .get('/golden-sql/query', async (c) => {
      const q = c.req.query('q');
      if (q === undefined) throw badRequest('the query parameter q (words to search for) is required');
      const found = await c.get('project').searchGoldenSqls(q);
      return c.json({ goldenSqls: found.map((g) => ({ ...shown(g), score: g.score })) });
    });
}
