import { findFolder, folderTree, noFolder, type FolderNode, type FolderTree } from '../../api/folder-tree.js';
import { listFolders } from '../../api/folders.js';
import type { Http } from '../../api/http.js';
import { folderPathProblem, hasEdgeSpace } from '../../api/names.js';
import { DgwError, NotFoundError, UsageError } from '../../errors.js';
import { shellWord } from '../../output/carry-target.js';
import { checkNameArgument } from '../name-argument.js';
import { checkSegment } from '../../api/path.js';

/** A FOLDER argument checked locally: the root, a path, or an id. */
export type FolderRef = { kind: 'root' } | { kind: 'path'; path: string } | { kind: 'id'; id: string };

/** Parses a FOLDER argument without any request; bad paths are usage errors. */
export function parseFolderRef(ref: string, label = 'FOLDER'): FolderRef {
  if (!ref.trim()) throw new UsageError(`${label} must not be empty`);
  if (!ref.startsWith('/')) return { kind: 'id', id: checkSegment(ref, label) };
  const problem = folderPathProblem(ref);
  if (problem) throw new UsageError(`${label}: ${problem}`);
  return ref.replace(/\/+$/, '') === '' ? { kind: 'root' } : { kind: 'path', path: ref };
}

/** The folder id for a path (one list request; a placeholder in a dry run) or an id (none). */
export async function folderIdFor(http: Http, projectId: string, ref: FolderRef & { kind: 'path' | 'id' }): Promise<string> {
  if (ref.kind === 'id') return ref.id;
  if (http.readsNothing) return http.placeholder(`id of folder ${ref.path}`);
  return requireFolder(await loadTree(http, projectId), ref.path).id;
}

/** The folder a path or an id names in the tree; exit 4, naming the closest paths, when there is none. */
export function requireFolder(tree: FolderTree, ref: string): FolderNode {
  const folder = findFolder(tree, ref);
  if (!folder) throw noFolder(tree, ref);
  return folder;
}

export async function loadTree(http: Http, projectId: string): Promise<FolderTree> {
  return folderTree(await listFolders(http, projectId));
}

/** A folder name as a person gives one: not empty, no `/`, not `.` or `..`, no control characters, no space at either end. */
export function checkFolderName(name: string, label: string): string {
  checkNameArgument(name, label);
  if (name.includes('/')) throw new UsageError(`${label} "${name}" is a name, not a path: it may not contain "/"`);
  if (name === '.' || name === '..') throw new UsageError(`${label} may not be "." or ".."`);
  if (hasEdgeSpace(name)) throw new UsageError(`${label} "${name}" starts or ends with a space; a folder name may not`);
  return name;
}

export async function pointToFolderMove(http: Http, projectId: string, refs: string[], folderArg: string, error: unknown): Promise<never> {
  const tree = error instanceof NotFoundError && !http.readsNothing ? await loadTree(http, projectId) : undefined;
  const folder = tree && refs.map((r) => findFolder(tree, r)).find((f) => f !== undefined);
  if (folder) throw new DgwError('not_found', (error as Error).message, { hint: `${folder.path} is a folder; to move it: \`dgw folder move ${shellWord(folder.path)} ${shellWord(folderArg)}\`` });
  throw error;
}
