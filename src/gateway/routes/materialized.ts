import { Routes } from '../router.js';

/** Refresh (answers at once, runs in the background), its status, and cancel. */
export function materializedRoutes(): Routes {
  const r = new Routes();
  r.get('/status', async (c) => c.get('present').statusViews(c, await c.get('project').statusViews()));
  r.get('/:queryId/status', async (c) => {
    const p = c.get('project');
    return c.get('present').statusView(c, p.statusView(await p.materialized(c.req.param('queryId'))));
  });
  r.post('/:queryId/refresh', async (c) => c.get('present').refreshStarted(c, await c.get('project').refresh(c.req.param('queryId'))));
  r.post('/:queryId/cancel', async (c) => c.get('present').refreshCancelled(c, await c.get('project').cancel(c.req.param('queryId'))));
  return r;
}
