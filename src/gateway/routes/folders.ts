import { Routes } from '../router.js';
import { badRequest } from '../errors.js';
import { boolParam, checkName, jsonObject, optStringArray, reqString } from '../validate.js';
import { checkPath } from './queries.js';
import { hasEdgeSpace } from '../../api/names.js';

function folderName(value: string): string {
  checkName(value, 'folder name');
  if (value.includes('/')) throw badRequest('a folder name may not contain "/"');
  if (value === '.' || value === '..') throw badRequest('a folder name may not be "." or ".."');
  if (hasEdgeSpace(value)) throw badRequest(`folder name "${value}" starts or ends with a space`);
  return value;
}

function nestedFolderName(value: string): string {
  const segments = value.replace(/^\/+/, '').split('/');
  for (const segment of segments) {
    if (segment === '') throw badRequest(`folderName "${value}" has an empty segment`);
    folderName(segment);
  }
  return segments.join('/');
}

/** Query folders; each answer is shaped by the gateway's presenter. */
export function folderRoutes(): Routes {
  const r = new Routes();
  r.get('/', async (c) => c.get('present').folderList(c, await c.get('project').rootFolderStates()));
  r.get('/tree', async (c) => {
    const p = c.get('project');
    const rootId = c.req.query('rootFolderId');
    const withQueries = boolParam(c, 'includeQueries', false);
    const read = withQueries ? 'all' : 'none';
    const roots = rootId ? [await p.folderState(rootId, read)] : await p.rootFolderStates(read);
    return c.get('present').folderTree(c, roots, withQueries);
  });
  r.post('/', async (c) => {
    const name = nestedFolderName(reqString(await jsonObject(c), 'folderName'));
    return c.get('present').folderCreated(c, await c.get('project').createFolder(name, null));
  });
  r.post('/:folderId', async (c) => {
    const name = nestedFolderName(reqString(await jsonObject(c), 'folderName'));
    return c.get('present').folderCreated(c, await c.get('project').createFolder(name, c.req.param('folderId')));
  });
  r.get('/:folderId', async (c) => c.get('present').folder(c, await c.get('project').folderState(c.req.param('folderId'), c.get('present').folderQueries)));
  r.put('/:folderId', async (c) => {
    const body = await jsonObject(c);
    const added = optStringArray(body, 'queryIdsAdded') ?? [];
    const removed = optStringArray(body, 'queryIdsRemoved') ?? [];
    return c.get('present').folderMembership(c, await c.get('project').updateMembership(c.req.param('folderId'), added, removed, c.get('present').folderQueries));
  });
  r.delete('/:folderId', async (c) => {
    const force = boolParam(c, 'force', false);
    return c.get('present').folderDeleted(c, await c.get('project').deleteFolder(c.req.param('folderId'), force));
  });
  r.patch('/:folderId/name', async (c) => {
    const name = folderName(reqString(await jsonObject(c), 'name'));
    return c.get('present').folderChanged(c, await c.get('project').renameFolder(c.req.param('folderId'), name));
  });
  r.patch('/:folderId/path', async (c) => {
    const path = checkPath(reqString(await jsonObject(c), 'path')) ?? '/';
    return c.get('present').folderChanged(c, await c.get('project').moveFolder(c.req.param('folderId'), path));
  });
  return r;
}
