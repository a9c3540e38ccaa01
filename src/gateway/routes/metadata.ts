import type { GoldenSql } from '../project/golden-sqls.js';
import type { CatalogMetadata, MetadataCallback } from '../project/project-metadata.js';
import { addRelation, deleteRelation, listRelations, relationType, updateRelation, type Relation } from '../project/relations.js';
import { Routes } from '../router.js';
import { badRequest } from '../errors.js';
import { hostedOnly } from './hosted-only.js';
import type { TableChange } from '../project/metadata-changes.js';
import type { RouteContext } from '../router.js';
import { isObject, jsonObject, optString, reqStrings } from '../validate.js';

// Loaded on first use: no other request needs them.
const golden = () => import('../project/golden-sqls.js');
const projectMetadata = () => import('../project/project-metadata.js');
const metadataChanges = () => import('../project/metadata-changes.js');

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

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const catalogShown = (m: CatalogMetadata) => ({ ...m, refreshedAt: iso(m.refreshedAt) });

const callbackShown = (cb: MetadataCallback | undefined) => ({ callbackURL: cb?.url ?? null, hasToken: Boolean(cb?.token) });

/** A callback from a body's callbackURL and callbackToken; undefined without a URL. */
async function callbackOf(c: RouteContext, body: Record<string, unknown>): Promise<MetadataCallback | undefined> {
  const url = optString(body, 'callbackURL');
  if (url === undefined) {
    if (optString(body, 'callbackToken') !== undefined) throw badRequest('callbackToken needs callbackURL: the URL it is sent to');
    return undefined;
  }
  const { callbackUrl } = await projectMetadata();
  const callback = { url: callbackUrl(url), token: optString(body, 'callbackToken') || null };
  if (c.get('gateway').options.remoteClients) await refuseInward(callback.url);
  return callback;
}

/** With requests from other machines, a callback may not aim at this machine or its private network: a request forgery that would probe ports. Checked again as it is called. */
async function refuseInward(url: string): Promise<void> {
  const { inwardAddress, inwardProblem } = await import('../project/callback-post.js');
  const address = await inwardAddress(url);
  if (address !== undefined) throw badRequest(inwardProblem(url, address));
}

function useWithAIOf(body: Record<string, unknown>): boolean {
  if (typeof body.useWithAI !== 'boolean') throw badRequest('useWithAI (true or false) is required');
  return body.useWithAI;
}

/** A MetadataUpdateRequest: only the descriptions and useWithAI are kept; a column's other fields are DuckDB's to say. */
function tableChange(body: Record<string, unknown>): TableChange {
  if (body.useWithAI !== undefined && typeof body.useWithAI !== 'boolean') throw badRequest('useWithAI must be true or false');
  const cols = body.columns;
  if (cols !== undefined && (!Array.isArray(cols) || cols.some((col) => !isObject(col) || typeof col.columnName !== 'string'))) {
    throw badRequest('columns must be a list of objects, each with a columnName');
  }
  return {
    tableDescription: optString(body, 'tableDescription'),
    useWithAI: body.useWithAI as boolean | undefined,
    columns: (cols as Array<Record<string, unknown>> | undefined)?.map((col) => ({ columnName: String(col.columnName), columnDescription: optString(col, 'columnDescription') })),
  };
}

/** The table a relation path names: `/relations/{catalogId}/{schemaName}/{tableName}/...`. */
const tableOf = (c: RouteContext) => ({ catalogId: c.req.param('catalogId'), schemaName: c.req.param('schemaName'), tableName: c.req.param('tableName') });

/** Project knowledge under `/metadata/{projectId}`: the catalogs' metadata and its refresh jobs, golden SQLs and relations. */
export function metadataRoutes(): Routes {
  return new Routes()
    .get('/', async (c) => {
      const found = await (await projectMetadata()).readProjectMetadata(c.get('project'), c.req.query('catalogId') || undefined, c.req.query('schemaName') || undefined);
      return c.json({ projectId: c.get('project').id, catalogs: found.map(catalogShown) });
    })
    .post('/refresh', async (c) => {
      const body = await jsonObject(c, { optional: true });
      const catalogIds = await (await projectMetadata()).refreshMetadata(c.get('project'), optString(body, 'catalogId') || undefined, await callbackOf(c, body), Boolean(c.get('gateway').options.remoteClients));
      return c.json({ catalogIds, status: 'ACTIVE' });
    })
    .get('/refresh/callback', async (c) => c.json(callbackShown(await (await projectMetadata()).readCallback(c.get('project')))))
    .post('/refresh/callback', async (c) => {
      const callback = await callbackOf(c, await jsonObject(c));
      if (!callback) throw badRequest('callbackURL is required: the URL told when a refresh ends');
      return c.json(callbackShown(await (await projectMetadata()).registerCallback(c.get('project'), callback)));
    })
    .delete('/refresh/callback', async (c) => {
      const gone = await (await projectMetadata()).unregisterCallback(c.get('project'));
      return c.json({ ...callbackShown(gone), deleted: gone !== undefined });
    })
    .get('/refresh/:catalogId', async (c) => {
      const found = await (await projectMetadata()).metadataStatus(c.get('project'), c.req.param('catalogId'));
      // The document's answer is the status alone; the spec shape also says when and why.
      if (c.get('present').shape === 'hosted') return c.json({ status: found.status });
      return c.json({ catalogId: c.req.param('catalogId'), ...found, refreshedAt: iso(found.refreshedAt) });
    })
    .get('/golden-sqls', async (c) => c.json({ goldenSqls: (await (await golden()).listGoldenSqls(c.get('project'))).map(shown) }))
    .post('/golden-sqls', async (c) => {
      const { prompt, sql } = reqStrings(await jsonObject(c), ['prompt', 'sql']);
      return c.json(shown(await (await golden()).addGoldenSql(c.get('project'), prompt, sql)));
    })
    .delete('/golden-sqls/:id', async (c) => {
      const gone = await (await golden()).deleteGoldenSql(c.get('project'), c.req.param('id'));
      return c.json({ ...shown(gone), deleted: true });
    })
    .get('/relations/:catalogId', async (c) => c.json({ relations: (await listRelations(c.get('project'), c.req.param('catalogId'))).map(relationShown) }))
    .post('/relations/:catalogId/:schemaName/:tableName/:columnName', async (c) => {
      const body = await jsonObject(c);
      const given = reqStrings(body, ['targetCatalogId', 'targetSchemaName', 'targetTableName', 'targetColumnName']);
      const target = { catalogId: given.targetCatalogId, schemaName: given.targetSchemaName, tableName: given.targetTableName, columnName: given.targetColumnName };
      const from = { ...tableOf(c), columnName: c.req.param('columnName') };
      return c.json(relationShown(await addRelation(c.get('project'), from, target, relationType(body.type))));
    })
    .put('/relations/:catalogId/:schemaName/:tableName/:relationId', async (c) => {
      const type = relationType((await jsonObject(c)).type);
      return c.json(relationShown(await updateRelation(c.get('project'), tableOf(c), c.req.param('relationId'), type)));
    })
    .delete('/relations/:catalogId/:schemaName/:tableName/:relationId', async (c) => {
      return c.json({ ...relationShown(await deleteRelation(c.get('project'), tableOf(c), c.req.param('relationId'))), deleted: true });
    })
    .put('/categorical/:catalogId/:schemaName/:tableName/:columnName', async (c) => {
      const body = await jsonObject(c, { optional: true });
      const limit = body.limit ?? 20;
      if (typeof limit !== 'number') throw badRequest('limit must be a number');
      return c.json(await (await metadataChanges()).setCategorical(c.get('project'), { ...tableOf(c), columnName: c.req.param('columnName') }, limit, optString(body, 'frequency') ?? null));
    })
    .delete('/categorical/:catalogId/:schemaName/:tableName/:columnName', async (c) => c.json(await (await metadataChanges()).deleteCategorical(c.get('project'), { ...tableOf(c), columnName: c.req.param('columnName') })))
    // These need a language model, which runs only in the hosted service.
    .post('/semantics/:catalogId/:schemaName/:tableName', hostedOnly('generateSemantics', 'generating semantics needs a language model, which only the hosted service runs'))
    .get('/questions/generate', hostedOnly('generateSampleQuestions', 'generating questions needs a language model, which only the hosted service runs'))
    .get('/query', hostedOnly('queryMetadata', 'a search by meaning needs a language model, which only the hosted service runs'))
    .put('/:catalogId', async (c) => c.json(await (await metadataChanges()).setUseWithAI(c.get('project'), c.req.param('catalogId'), undefined, useWithAIOf(await jsonObject(c)))))
    .put('/:catalogId/:schemaName', async (c) => c.json(await (await metadataChanges()).setUseWithAI(c.get('project'), c.req.param('catalogId'), c.req.param('schemaName'), useWithAIOf(await jsonObject(c)))))
    .put('/:catalogId/:schemaName/:tableName', async (c) => c.json(await (await metadataChanges()).describeTable(c.get('project'), tableOf(c), tableChange(await jsonObject(c)))))
    .get('/golden-sql/query', async (c) => {
      const q = c.req.query('q');
      if (q === undefined) throw badRequest('the query parameter q (words to search for) is required');
      const found = await (await golden()).searchGoldenSqls(c.get('project'), q);
      return c.json({ goldenSqls: found.map((g) => ({ ...shown(g), score: g.score })) });
    });
}
