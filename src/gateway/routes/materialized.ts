import { Routes } from '../router.js';
import * as refresh from '../project/refresh.js';

/** Refresh (answers at once, runs in the background), its status, and cancel. */
export function materializedRoutes(): Routes {
  const r = new Routes();
  r.get('/status', async (c) => c.get('present').statusViews(c, await refresh.statusViews(c.get('project'))));
  r.get('/:queryId/status', async (c) => {
    const p = c.get('project');
    return c.get('present').statusView(c, refresh.statusView(p, await refresh.materialized(p, c.req.param('queryId'))));
  });
  r.post('/:queryId/refresh', async (c) => c.get('present').changed(c, await refresh.refresh(c.get('project'), c.req.param('queryId'))));
  r.post('/:queryId/cancel', async (c) => c.get('present').changed(c, await refresh.cancel(c.get('project'), c.req.param('queryId'))));
  return r;
}
