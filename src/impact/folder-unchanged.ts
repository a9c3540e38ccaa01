import { folderTree } from '../api/folder-tree.js';
import { listFolders } from '../api/folders.js';
import type { Http } from '../api/http.js';
import { listQueries } from '../api/queries.js';
import { DgwError, NotFoundError } from '../errors.js';
import { folderContents, type FolderContents } from './folder-contents.js';
import { someNames } from './listing.js';
import { compareText } from '../output/text-order.js';

/** What a question said a forced folder delete takes with the folder: its subfolders by path and its queries by name, each with its id. */
export interface NamedContents {
  subfolders: Array<{ id: string; path: string }>;
  queries: Array<{ id: string; name: string }>;
}

/** The contents a question named, from what was read before it. */
export function namedContents(contents: FolderContents): NamedContents {
  const names = new Map((contents.queries ?? []).map((q) => [q.id, q.name]));
  return {
    subfolders: contents.subfolders.map((f) => ({ id: f.id, path: f.path })),
    queries: contents.queryIds.map((id) => ({ id, name: names.get(id) ?? id })),
  };
}

/**
 * Reads the folder again just before its forced delete, which takes whatever the folder then holds
 * (the service offers no precondition): exit 5, not deleted, unless it holds exactly what the question named.
 */
export async function ensureFolderHoldsWhatWasNamed(http: Http, projectId: string, folder: { id: string; path: string }, named: NamedContents, hint?: string): Promise<void> {
  const [queries, folders] = await Promise.all([listQueries(http, projectId), listFolders(http, projectId)]);
  const tree = folderTree(folders);
  const now = tree.byId.get(folder.id);
  if (!now) throw new NotFoundError(`folder ${folder.path} is no longer there: it went while the question waited`);
  const contents = namedContents(folderContents(tree, now, queries));
  const changes = [
    ...differences('subfolder', 'subfolders', named.subfolders.map((f) => [f.id, f.path]), contents.subfolders.map((f) => [f.id, f.path])),
    ...differences('query', 'queries', named.queries.map((q) => [q.id, q.name]), contents.queries.map((q) => [q.id, q.name])),
  ];
  if (changes.length === 0) return;
  throw new DgwError('conflict', `folder ${folder.path} no longer holds what the question named (${changes.join('; ')}), so it was not deleted`, { hint });
}

/** `query b appeared`, `subfolders /x/a, /x/b went`: what is in `after` and not in `before`, and the other way round, by id. */
function differences(one: string, many: string, before: Array<[string, string]>, after: Array<[string, string]>): string[] {
  const said = (names: string[], what: string) => (names.length === 0 ? [] : [`${names.length === 1 ? one : many} ${someNames(names.sort(compareText))} ${what}`]);
  const had = new Set(before.map(([id]) => id));
  const has = new Set(after.map(([id]) => id));
  return [...said(after.filter(([id]) => !had.has(id)).map(([, name]) => name), 'appeared'), ...said(before.filter(([id]) => !has.has(id)).map(([, name]) => name), 'went')];
}
