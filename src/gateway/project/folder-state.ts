import { folderPath } from './folders.js';
import { queryAt } from './queries.js';
import type { ProjectStore } from './store.js';
import type { FolderRow, FolderState, QueryRow } from './types.js';

/** One folder with its path, its subfolders and its queries (404 for an unknown id). */
export function folderState(s: ProjectStore, id: string): FolderState {
  return build(s, index(s), s.folder(id), folderPath(s, id));
}

/** Every root folder, each with its subtree, by name. */
export function rootFolderStates(s: ProjectStore): FolderState[] {
  const idx = index(s);
  return (idx.children.get(null) ?? []).map((f) => build(s, idx, f, `/${f.name}`));
}

interface Index {
  children: Map<string | null, FolderRow[]>;
  queries: Map<string, QueryRow[]>;
}

/** Each folder's subfolders (by name) and queries, in one pass over each. */
function index(s: ProjectStore): Index {
  const children = new Map<string | null, FolderRow[]>();
  for (const f of s.folders.values()) push(children, f.parentId, f);
  for (const list of children.values()) list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const queries = new Map<string, QueryRow[]>();
  for (const q of s.queries.values()) if (q.folderId) push(queries, q.folderId, q);
  return { children, queries };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function build(s: ProjectStore, idx: Index, f: FolderRow, path: string): FolderState {
  return {
    ...f,
    path,
    children: (idx.children.get(f.id) ?? []).map((c) => build(s, idx, c, `${path}/${c.name}`)),
    queries: (idx.queries.get(f.id) ?? []).map((q) => queryAt(q, path)),
  };
}
