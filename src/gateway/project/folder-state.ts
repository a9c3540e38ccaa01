import { folderPath, subtree } from './folders.js';
import { queryAt, readQueriesIn, readQueryIdsByFolder } from './query-rows.js';
import type { ProjectStore } from './store.js';
import type { FolderRow, FolderState } from './types.js';

/** Whose queries a folder state reads in full: none, the folder's own, or every folder's. */
export type QueriesRead = 'none' | 'own' | 'all';

/** One folder with its path, its subfolders and its queries (404 for an unknown id). */
export async function folderState(s: ProjectStore, id: string, read: QueriesRead): Promise<FolderState> {
  await s.useFolders();
  const f = s.folder(id);
  const idx = await index(s, subtree(s, id));
  const state = build(idx, f, folderPath(s, id));
  await fillQueries(s, read === 'all' ? everyFolder(state) : read === 'own' ? [state] : []);
  return state;
}

/** Every root folder, each with its subtree, by name. */
export async function rootFolderStates(s: ProjectStore, read: Exclude<QueriesRead, 'own'> = 'none'): Promise<FolderState[]> {
  await s.useFolders();
  const idx = await index(s);
  const roots = (idx.children.get(null) ?? []).map((f) => build(idx, f, `/${f.name}`));
  if (read === 'all') await fillQueries(s, roots.flatMap(everyFolder));
  return roots;
}

interface Index {
  children: Map<string | null, FolderRow[]>;
  queryIds: Map<string, string[]>;
}

async function index(s: ProjectStore, within?: Set<string>): Promise<Index> {
  const children = Map.groupBy(s.folders.values(), (f) => f.parentId);
  for (const list of children.values()) list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const read = () => s.withConnection((conn) => readQueryIdsByFolder(s.duck, conn, within && [...within]));
  return { children, queryIds: await (within ? read() : s.untilChanged('query ids by folder', read)) };
}

function build(idx: Index, f: FolderRow, path: string): FolderState {
  return {
    ...f,
    path,
    children: (idx.children.get(f.id) ?? []).map((c) => build(idx, c, `${path}/${c.name}`)),
    queryIds: idx.queryIds.get(f.id) ?? [],
    queries: [],
  };
}

/** A folder and every folder below it, each before its subfolders. */
export function everyFolder(f: FolderState): FolderState[] {
  return [f, ...f.children.flatMap(everyFolder)];
}

async function fillQueries(s: ProjectStore, states: FolderState[]): Promise<void> {
  const wanted = states.filter((f) => f.queryIds.length > 0);
  if (wanted.length === 0) return;
  const rows = await s.withConnection((conn) => readQueriesIn(s.duck, conn, wanted.map((f) => f.id)));
  const byFolder = Map.groupBy(rows, (q) => q.folderId!);
  for (const f of wanted) f.queries = (byFolder.get(f.id) ?? []).map((q) => queryAt(q, f.path));
}
