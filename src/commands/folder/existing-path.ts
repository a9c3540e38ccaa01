import { findFolder, noFolder } from '../../api/folder-tree.js';
import type { Http } from '../../api/http.js';
import { DgwError } from '../../errors.js';
import { loadTree } from './resolve.js';
import { shellWord } from '../../output/carry-target.js';

/** The service silently makes any folder a path names, so a path without a folder is exit 4 unless `parents` asks for it. */
export async function checkFolderExists(http: Http, projectId: string, path: string, parents: boolean | undefined): Promise<void> {
  if (parents || path === '/' || http.readsNothing) return;
  const tree = await loadTree(http, projectId);
  if (findFolder(tree, path)) return;
  throw new DgwError('not_found', noFolder(tree, path).message, { hint: `create it with \`dgw folder create ${shellWord(path)}\`, or add --parents to make it with the query` });
}
