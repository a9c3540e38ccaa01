import { Hono } from 'hono';
import type { GatewayEnv } from '../app.js';
import { badRequest } from '../errors.js';
import { boolParam, checkName, jsonObject, optStringArray, reqString } from '../validate.js';
import { checkPath } from './queries.js';

function folderName(value: string): string {
  checkName(value, 'folder name');
  if (value.includes('/')) throw badRequest('a folder name may not contain "/"');
  if (value === '.' || value === '..') throw badRequest('a folder name may not be "." or ".."');
  return value;
}

/** Folders in the spec's nested shape; create answers 201, delete 200 with the deleted folder. */
export function folderRoutes(): Hono<GatewayEnv> {
  const r = new Hono<GatewayEnv>();
  r.get('/', (c) => c.json(c.get('project').rootFolders()));
  r.get('/tree', (c) => {
    const p = c.get('project');
    const rootId = c.req.query('rootFolderId');
    const withQueries = boolParam(c, 'includeQueries', false);
    const roots = rootId ? [p.toFolder(p.folder(rootId))] : p.rootFolders();
    type Node = ReturnType<typeof p.toFolder> & { queries?: unknown[] };
    const decorate = (f: Node): Node => ({
      ...f,
      children: f.children.map(decorate),
      ...(withQueries ? { queries: f.queryIds.map((id) => p.toQuery(p.query(id))) } : {}),
    });
    return c.json({ tree: roots.map(decorate) });
  });
  r.post('/', async (c) => {
    const name = folderName(reqString(await jsonObject(c), 'folderName'));
    return c.json(await c.get('project').createFolder(name, null), 201);
  });
  r.post('/:folderId', async (c) => {
    const name = folderName(reqString(await jsonObject(c), 'folderName'));
    return c.json(await c.get('project').createFolder(name, c.req.param('folderId')), 201);
  });
  r.get('/:folderId', (c) => {
    const p = c.get('project');
    return c.json(p.toFolder(p.folder(c.req.param('folderId'))));
  });
  r.put('/:folderId', async (c) => {
    const body = await jsonObject(c);
    const added = optStringArray(body, 'queryIdsAdded') ?? [];
    const removed = optStringArray(body, 'queryIdsRemoved') ?? [];
    return c.json(await c.get('project').updateMembership(c.req.param('folderId'), added, removed));
  });
  r.delete('/:folderId', async (c) => {
    const force = boolParam(c, 'force', false);
    return c.json(await c.get('project').deleteFolder(c.req.param('folderId'), force));
  });
  r.patch('/:folderId/name', async (c) => {
    const name = folderName(reqString(await jsonObject(c), 'name'));
    return c.json(await c.get('project').renameFolder(c.req.param('folderId'), name));
  });
  r.patch('/:folderId/path', async (c) => {
    const path = checkPath(reqString(await jsonObject(c), 'path')) ?? '/';
    return c.json(await c.get('project').moveFolder(c.req.param('folderId'), path));
  });
  return r;
}
