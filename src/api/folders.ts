import type { Http } from './http.js';
import { apiPath } from './path.js';
import type { Folder, FolderMembershipRequest } from './types.js';

/** The folder list in either shape the service has used; normalise it with `folderTree`. */
export type FolderListResponse = Folder[] | { items: unknown[] } | unknown;

export function listFolders(http: Http, projectId: string): Promise<FolderListResponse> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries/folders` });
}

export function updateFolderMembership(http: Http, projectId: string, folderId: string, body: FolderMembershipRequest): Promise<Folder> {
  return http.request({ method: 'PUT', path: apiPath`/data/projects/${projectId}/queries/folders/${folderId}`, body, expect: 'optional-json' });
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
