import { findFolder, type FolderTree } from '../../api/folder-tree.js';
import { createFolder } from '../../api/folders.js';
import type { Http } from '../../api/http.js';
import { DgwError } from '../../errors.js';

/** A folder made sure of: its id, and the paths of the levels that had to be created. */
export interface EnsuredFolder {
  id: string;
  created: string[];
}

/** Creates the missing levels of a folder path, as `mkdir -p`. */
export async function ensureFolder(http: Http, projectId: string, tree: FolderTree, segments: string[]): Promise<EnsuredFolder> {
  let parentId: string | undefined;
  let id: string | undefined;
  const created: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    const existing = findFolder(tree, path);
    id = existing ? existing.id : folderIdOf(await createFolder(http, projectId, segments[i], parentId));
    if (!existing) created.push(path);
    parentId = id;
  }
  if (id === undefined) throw new DgwError('internal', 'ensureFolder: no segments');
  return { id, created };
}

/** In a dry run every level is shown, since knowing which exist would take a request. */
export async function showFolderCreation(http: Http, projectId: string, segments: string[]): Promise<string> {
  for (let i = 0; i < segments.length; i++) {
    const parent = i === 0 ? undefined : http.placeholder(`id of folder /${segments.slice(0, i).join('/')}`);
    await createFolder(http, projectId, segments[i], parent);
  }
  return http.placeholder(`id of folder /${segments.join('/')}`);
}

function folderIdOf(folder: unknown): string {
  const id = (folder as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new DgwError('service', 'the service created the folder but did not return its id');
  }
  return String(id);
}
