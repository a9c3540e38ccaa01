import type { GoldenSql } from '../project/golden-sqls.js';
import { Routes } from '../router.js';
import { badRequest } from '../errors.js';
import { jsonObject, reqString } from '../validate.js';

// The document gives these answers as open objects; the local gateway's shapes are its own, one list under `goldenSqls`.

const shown = (g: GoldenSql) => ({ id: g.id, prompt: g.prompt, sql: g.sql, createdAt: new Date(g.createdAt).toISOString() });

/** Project knowledge under `/metadata/{projectId}`: golden SQLs so far. */
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
    .get('/golden-sql/query', async (c) => {
      const q = c.req.query('q');
      if (q === undefined) throw badRequest('the query parameter q (words to search for) is required');
      const found = await c.get('project').searchGoldenSqls(q);
      return c.json({ goldenSqls: found.map((g) => ({ ...shown(g), score: g.score })) });
    });
}
