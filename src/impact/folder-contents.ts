import { folderOfQuery, type FolderNode, type FolderTree } from '../api/folder-tree.js';
import type { Query } from '../api/types.js';
import { count, someNames } from './listing.js';
import { compareText } from '../output/text-order.js';

/** What deleting a folder with `force` deletes besides the folder itself. */
export interface FolderContents {
  /** Every folder below it, at any depth, by path. */
  subfolders: FolderNode[];
  /** The ids of the queries in it or below it. */
  queryIds: string[];
  /** Those queries, when the query list was read (for their names). */
  queries?: Query[];
}

/** The folders below `folder` and the queries in or below it, from `queryIds` or, for the flat shape, the query list. */
export function folderContents(tree: FolderTree, folder: FolderNode, queries?: Query[]): FolderContents {
  const below = (node: FolderNode): FolderNode[] => node.children.flatMap((child) => [child, ...below(child)]);
  const subfolders = below(folder);
  const inside = [folder, ...subfolders];
  const folderIds = new Set(inside.map((f) => f.id));
  const ids = new Set(inside.flatMap((f) => f.queryIds ?? []));
  for (const q of queries ?? []) {
    const holder = folderOfQuery(tree, q);
    if (holder && folderIds.has(holder.id)) ids.add(q.id);
  }
  subfolders.sort((a, b) => compareText(a.path, b.path));
  const found = queries?.filter((q) => ids.has(q.id));
  return { subfolders, queryIds: [...ids], ...(found ? { queries: found } : {}) };
}


/** `2 subfolders and 5 queries`, or just `1 query`: a part that is none is left out (`with its no subfolders` read wrong). */
export function summariseContents(contents: FolderContents): string {
  const folders = contents.subfolders.length === 0 ? [] : [count(contents.subfolders.length, 'subfolder', 'subfolders')];
  const queries = contents.queryIds.length === 0 ? [] : [count(contents.queryIds.length, 'query', 'queries')];
  return [...folders, ...queries].join(' and ') || 'nothing';
}

/** Lines for a person: the subfolders by path and the queries by name. */
export function describeContents(contents: FolderContents): string[] {
  const lines: string[] = [];
  if (contents.subfolders.length > 0) lines.push(`  subfolders: ${someNames(contents.subfolders.map((f) => f.path))}`);
  if (contents.queryIds.length > 0) {
    const names = contents.queries ? contents.queries.map((q) => q.name).sort() : contents.queryIds;
    lines.push(`  queries: ${someNames(names)}`);
  }
  return lines;
}
