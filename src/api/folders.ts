import type { Http } from './http.js';
import { apiPath } from './path.js';
import { recordIn } from './read.js';
import type { FolderMembershipRequest } from './types.js';

// Folder answers come in two shapes; folder-tree.ts reads either, so these return what arrived.

export function listFolders(http: Http, projectId: string): Promise<unknown> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries/folders` });
}

export function getFolder(http: Http, projectId: string, folderId: string): Promise<unknown> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries/folders/${folderId}` });
}

/** The folder tree, from the root or from one folder, with the queries of each folder when asked. */
export function getFolderTree(http: Http, projectId: string, options: { includeQueries?: boolean; rootFolderId?: string } = {}): Promise<unknown> {
  return http.request({
    method: 'GET',
    path: apiPath`/data/projects/${projectId}/queries/folders/tree`,
    query: { includeQueries: options.includeQueries ? true : undefined, rootFolderId: options.rootFolderId },
  });
}

export async function updateFolderMembership(http: Http, projectId: string, folderId: string, body: FolderMembershipRequest): Promise<unknown> {
  const answer = await http.request({ method: 'PUT', path: apiPath`/data/projects/${projectId}/queries/folders/${folderId}`, body, expect: 'optional-json' });
  recordIn(answer, 'a folder');
  return answer;
}

export function deleteFolder(http: Http, projectId: string, folderId: string, force = false): Promise<unknown> {
  return http.request({
    method: 'DELETE',
    path: apiPath`/data/projects/${projectId}/queries/folders/${folderId}`,
    query: force ? { force: true } : undefined,
    expect: 'optional-json',
  });
}

export function createFolder(http: Http, projectId: string, folderName: string, parentFolderId?: string): Promise<unknown> {
  const path = parentFolderId
    ? apiPath`/data/projects/${projectId}/queries/folders/${parentFolderId}`
    : apiPath`/data/projects/${projectId}/queries/folders`;
  return http.request({ method: 'POST', path, body: { folderName } });
}

export function renameFolder(http: Http, projectId: string, folderId: string, name: string): Promise<unknown> {
  return http.request({ method: 'PATCH', path: apiPath`/data/projects/${projectId}/queries/folders/${folderId}/name`, body: { name }, expect: 'optional-json' });
}

/** Move Folder: `PATCH .../folders/{folderId}/path`; `path` is the folder's own new path. */
export async function moveFolder(http: Http, projectId: string, folderId: string, path: string): Promise<unknown> {
  const answer = await http.request({ method: 'PATCH', path: apiPath`/data/projects/${projectId}/queries/folders/${folderId}/path`, body: { path }, expect: 'optional-json' });
  recordIn(answer, 'a folder');
  return answer;
}
