import { findFolder, type FolderTree } from '../../api/folder-tree.js';
import { createFolder } from '../../api/folders.js';
import type { Http } from '../../api/http.js';
import { text } from '../../api/read.js';
import { DgwError } from '../../errors.js';
import { loadTree } from './resolve.js';

/** A folder made sure of: its id, and the paths of the levels that had to be created. */
export interface EnsuredFolder {
  id: string;
  created: string[];
}

/** Creates the missing levels of a folder path, as `mkdir -p`; a failure names the levels made before it, which stay. */
export async function ensureFolder(http: Http, projectId: string, tree: FolderTree, segments: string[]): Promise<EnsuredFolder> {
  let parentId: string | undefined;
  let id: string | undefined;
  const created: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    const existing = findFolder(tree, path);
    if (existing) {
      id = existing.id;
    } else {
      const made = await createOrFind(http, projectId, segments[i], parentId, path).catch((error: unknown) => {
        if (created.length === 0 || !(error instanceof DgwError)) throw error;
        throw new DgwError(error.kind, error.message, { status: error.status, errorCode: error.errorCode, hint: `created before the failure: ${created.join(', ')} (\`dgw folder rm\` removes a folder)`, cause: error });
      });
      id = made.id;
      if (made.created) created.push(path);
    }
    parentId = id;
  }
  if (id === undefined) throw new DgwError('internal', 'ensureFolder: no segments');
  return { id, created };
}

/** Creates one level; when another command made it first (409), that folder is the one, as with `mkdir -p`. */
async function createOrFind(http: Http, projectId: string, name: string, parentId: string | undefined, path: string): Promise<{ id: string; created: boolean }> {
  try {
    return { id: folderIdOf(await createFolder(http, projectId, name, parentId)), created: true };
  } catch (error) {
    if (!(error instanceof DgwError && error.kind === 'conflict') || http.dryRun) throw error;
    const made = findFolder(await loadTree(http, projectId), path);
    if (!made) throw error;
    return { id: made.id, created: false };
  }
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
  return text(id);
}
