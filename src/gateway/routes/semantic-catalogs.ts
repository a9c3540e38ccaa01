import { Routes } from '../router.js';
import { hostedOnly } from './hosted-only.js';
import { jsonObject, reqString } from '../validate.js';

const semantic = () => import('../project/semantic-catalogs.js');

/** Semantic catalogs under `/data/projects/{projectId}/semantic-catalogs`: catalogs whose tables are saved queries. */
export function semanticCatalogRoutes(): Routes {
  return new Routes()
    .post('/', async (c) => {
      const [p, name] = [c.get('project'), reqString(await jsonObject(c), 'name')];
      return c.json(await (await semantic()).createSemanticCatalog(p, name, p.connections.map((k) => k.catalogName)));
    })
    .post('/:catalogId/share', hostedOnly('shareSemanticTable', "another project's SQL cannot read this project's saved queries: each local project is a database of its own"))
    .post('/:catalogId', async (c) => {
      const body = await jsonObject(c);
      const input = { schemaName: reqString(body, 'schemaName'), tableName: reqString(body, 'tableName'), queryId: reqString(body, 'queryId') };
      const t = await (await semantic()).createSemanticTable(c.get('project'), c.req.param('catalogId'), input);
      return c.json({ tableId: t.id, catalogId: t.catalogId, catalogName: t.catalogName, schemaName: t.schemaName, tableName: t.tableName });
    })
    .delete('/:catalogId/table/:tableId', async (c) => {
      await (await semantic()).deleteSemanticTable(c.get('project'), c.req.param('catalogId'), c.req.param('tableId'));
      return c.body(null, 200);
    });
}
