import { Routes, type RouteContext } from '../router.js';
import { badRequest } from '../errors.js';
import { boolParam, checkName, jsonObject, optStringArray, reqString } from '../validate.js';
import { checkPath } from './queries.js';
import { hasEdgeSpace } from '../../api/names.js';
import { folderState, rootFolderStates } from '../project/folder-state.js';
import * as folders from '../project/folders.js';
import type { ProjectStore } from '../project/store.js';

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

/** A folder after a change: the answers of changes show no query in full, in either shape, except a membership change's. */
const changed = (p: ProjectStore, folderId: string) => folderState(p, folderId, 'none');

/** Create Folder under `parentId` (null: at the root), answered with the folder made. */
async function create(c: RouteContext, parentId: string | null) {
  const name = nestedFolderName(reqString(await jsonObject(c), 'folderName'));
  const p = c.get('project');
  return c.get('present').folderCreated(c, await changed(p, await folders.createFolder(p, name, parentId)));
}

/** A rename or move: the body's `field`, checked, is given to `change`; the answer is the folder after it. */
const changeFolder = (field: string, check: (value: string) => string, change: (p: ProjectStore, folderId: string, value: string) => Promise<void>) => async (c: RouteContext) => {
  const value = check(reqString(await jsonObject(c), field));
  const [p, folderId] = [c.get('project'), c.req.param('folderId')];
  await change(p, folderId, value);
  return c.get('present').folderChanged(c, await changed(p, folderId));
};

/** Query folders; each answer is shaped by the gateway's presenter. */
export function folderRoutes(): Routes {
  const r = new Routes();
  r.get('/', async (c) => c.get('present').folderList(c, await rootFolderStates(c.get('project'))));
  r.get('/tree', async (c) => {
    const p = c.get('project');
    const rootId = c.req.query('rootFolderId');
    const withQueries = boolParam(c, 'includeQueries', false);
    const read = withQueries ? 'all' : 'none';
    const roots = rootId ? [await folderState(p, rootId, read)] : await rootFolderStates(p, read);
    return c.get('present').folderTree(c, roots, withQueries);
  });
  r.post('/', async (c) => create(c, null));
  r.post('/:folderId', async (c) => create(c, c.req.param('folderId')));
  r.get('/:folderId', async (c) => c.get('present').folder(c, await folderState(c.get('project'), c.req.param('folderId'), c.get('present').folderQueries)));
  r.put('/:folderId', async (c) => {
    const body = await jsonObject(c);
    const added = optStringArray(body, 'queryIdsAdded') ?? [];
    const removed = optStringArray(body, 'queryIdsRemoved') ?? [];
    const [p, folderId] = [c.get('project'), c.req.param('folderId')];
    await folders.updateMembership(p, folderId, added, removed);
    return c.get('present').folder(c, await folderState(p, folderId, c.get('present').folderQueries));
  });
  r.delete('/:folderId', async (c) => {
    const force = boolParam(c, 'force', false);
    const [p, folderId] = [c.get('project'), c.req.param('folderId')];
    const before = await changed(p, folderId);
    await folders.deleteFolder(p, folderId, force);
    return c.get('present').folderDeleted(c, before);
  });
  r.patch('/:folderId/name', changeFolder('name', folderName, folders.renameFolder));
  r.patch('/:folderId/path', changeFolder('path', (path) => checkPath(path) ?? '/', folders.moveFolder));
  return r;
}
