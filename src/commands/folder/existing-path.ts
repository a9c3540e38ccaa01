import { findFolder } from '../../api/folder-tree.js';
import type { Http } from '../../api/http.js';
import { DgwError } from '../../errors.js';
import { loadTree } from './resolve.js';

/**
 * One rule for every verb that puts a query at a folder path (query mv, create and update with
 * --path): the service makes any folder a path names, so a mistyped path would build a new chain
 * silently. A path no folder has is not found (exit 4) unless `parents` asks for it, as with
 * folder move; with `parents` nothing is read, as `mkdir -p` asks nothing.
 */
export async function checkFolderExists(http: Http, projectId: string, path: string, parents: boolean | undefined): Promise<void> {
  if (parents || path === '/' || http.readsNothing) return;
  if (findFolder(await loadTree(http, projectId), path)) return;
  throw new DgwError('not_found', `no folder at ${path}`, { hint: `create it with \`dgw folder create ${path}\`, or add --parents to make it with the query` });
}
