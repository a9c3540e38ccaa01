import { Routes } from '../router.js';
import { hostedOnly } from './hosted-only.js';
import { jsonObject, reqString } from '../validate.js';

/** Semantic catalogs under `/data/projects/{projectId}/semantic-catalogs`: catalogs whose tables are saved queries. */
export function semanticCatalogRoutes(): Routes {
  return new Routes()
    .post('/', async (c) => c.json(await c.get('project').createSemanticCatalog(reqString(await jsonObject(c), 'name'))))
    .post('/:catalogId/share', hostedOnly('shareSemanticTable', "another project's SQL cannot read this project's saved queries: each local project is a database of its own"))
    .post('/:catalogId', async (c) => {
      const body = await jsonObject(c);
      const input = { schemaName: reqString(body, 'schemaName'), tableName: reqString(body, 'tableName'), queryId: reqString(body, 'queryId') };
      const t = await c.get('project').createSemanticTable(c.req.param('catalogId'), input);
      return c.json({ tableId: t.id, catalogId: t.catalogId, catalogName: t.catalogName, schemaName: t.schemaName, tableName: t.tableName });
    })
    .delete('/:catalogId/table/:tableId', async (c) => {
      await c.get('project').deleteSemanticTable(c.req.param('catalogId'), c.req.param('tableId'));
      return c.body(null, 200);
    });
}
