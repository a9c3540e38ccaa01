import { MalformedResponseError, NotFoundError } from '../errors.js';
import { closestNames, suggest } from '../output/did-you-mean.js';
import { folderPath, folderSegments } from './names.js';
import { readQuery } from './queries.js';
import { isRaw, object, objects, text, textOrNull, type Raw } from './read.js';
import type { QueryRecord } from './types.js';

/** One folder after normalisation, whichever shape the service sent. */
export interface FolderNode {
  id: string;
  name: string;
  /** Absolute path computed from the names of the folder and its ancestors. */
  path: string;
  parentId: string | null;
  /** Epoch milliseconds, or null when the service sent none. */
  createdAt: number | null;
  /** Query ids when the service reported them (the spec's shape does, the flat one does not). */
  queryIds: string[] | null;
  children: FolderNode[];
}

/** All folders of a project: the roots as a tree, and every node by id and by path. */
export interface FolderTree {
  roots: FolderNode[];
  byId: Map<string, FolderNode>;
  byPath: Map<string, FolderNode>;
}

/** One tree from a folder list in either shape: the spec's nested one or the newer flat `{items}`. */
export function folderTree(response: unknown): FolderTree {
  const flat: Array<{ raw: Raw; parentId: string | null }> = [];
  if (Array.isArray(response)) {
    const walk = (items: unknown[], parentId: string | null) => {
      for (const item of items) {
        if (!isRaw(item)) continue;
        flat.push({ raw: item, parentId: textOrNull(item.parentId) ?? parentId });
        if (Array.isArray(item.children)) walk(item.children, String(item.id));
      }
    };
    walk(response, null);
  } else if (isRaw(response) && Array.isArray(response.items)) {
    for (const item of response.items) if (isRaw(item)) flat.push({ raw: item, parentId: textOrNull(item.parentId) });
  } else {
    throw new MalformedResponseError('the folder list is neither an array nor {items: [...]}');
  }

  const byId = new Map<string, FolderNode>();
  for (const { raw, parentId } of flat) {
    if (typeof raw.id !== 'string' && typeof raw.id !== 'number') throw new MalformedResponseError('a folder in the list has no id');
    const id = String(raw.id);
    const existing = byId.get(id);
    const node: FolderNode = existing ?? {
      id,
      name: typeof raw.name === 'string' ? raw.name : id,
      path: '',
      parentId,
      createdAt: toMillis(raw.createdAt),
      queryIds: Array.isArray(raw.queryIds) ? raw.queryIds.map(String) : null,
      children: [],
    };
    if (!existing) byId.set(id, node);
    // The flat shape carries a path; use it for folders whose parent is not in the list.
    if (typeof raw.path === 'string' && raw.path.startsWith('/')) node.path = raw.path;
  }

  const roots: FolderNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byPath = new Map<string, FolderNode>();
  const assign = (node: FolderNode, parentPath: string | null, seen: Set<string>) => {
    if (seen.has(node.id)) return;
    seen.add(node.id);
    const own = parentPath === null ? (node.path && isFullPathOf(node.path, node.name) ? node.path : `/${node.name}`) : `${parentPath === '/' ? '' : parentPath}/${node.name}`;
    node.path = own;
    byPath.set(own, node);
    for (const child of node.children) assign(child, own, seen);
  };
  const seen = new Set<string>();
  for (const root of roots) assign(root, null, seen);
  return { roots, byId, byPath };
}

/** Finds a folder by id or by absolute path (`/a/b`, trailing slash allowed). */
export function findFolder(tree: FolderTree, ref: string): FolderNode | undefined {
  if (ref.startsWith('/')) return tree.byPath.get(folderPath(ref));
  return tree.byId.get(ref);
}

/** The error for a folder the tree lacks, with the closest paths (a typo, or a folder given without its parents). */
export function noFolder(tree: FolderTree, ref: string): NotFoundError {
  if (!ref.startsWith('/')) return new NotFoundError(`no folder with id ${ref}${tree.byPath.has(`/${ref}`) ? `; did you mean the path /${ref}? (a folder path starts with /)` : ''}`);
  const path = folderPath(ref);
  const paths = [...tree.byPath.keys()];
  let close = closestNames(path, paths);
  if (close.length === 0) {
    const name = folderSegments(path).at(-1)?.toLowerCase() ?? '';
    const named = [...tree.byPath.values()].filter((f) => f.name.toLowerCase() === name).map((f) => f.path);
    close = named.length > 0 ? named : closestNames(name, [...tree.byPath.values()].map((f) => f.name)).flatMap((n) => paths.filter((p) => p.endsWith(`/${n}`)));
  }
  return new NotFoundError(`no folder at ${ref}${suggest(close)}`);
}

/** The folder a query is in, by its `folderId`, a folder's `queryIds` or its `path`; undefined at the root. */
export function folderOfQuery(tree: FolderTree, query: { id: string; folderId?: string | null; path?: string | null }): FolderNode | undefined {
  const byId = query.folderId !== null && query.folderId !== undefined ? tree.byId.get(String(query.folderId)) : undefined;
  if (byId) return byId;
  const listing = foldersHolding(tree, query.id)[0];
  if (listing) return listing;
  return query.path && query.path !== '/' ? findFolder(tree, query.path) : undefined;
}

export function foldersHolding(tree: FolderTree, queryId: string): FolderNode[] {
  return [...tree.byId.values()].filter((f) => f.queryIds?.includes(queryId));
}

function isFullPathOf(path: string, name: string): boolean {
  return path.split('/').filter(Boolean).at(-1) === name;
}

function toMillis(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** One folder and what it holds, whichever shape the service answered in. */
export interface FolderContents {
  id: string;
  name: string;
  path: string | null;
  parentId: string | null;
  /** Epoch milliseconds, or null. */
  createdAt: number | null;
  /** Its direct subfolders; a `path` is null when the service did not send it (the seed shape). */
  folders: Array<{ id: string; name: string; path: string | null }>;
  /** The queries, when the service sent them (the document's shape). */
  queries: QueryRecord[] | null;
  /** The ids of its queries (from `queryIds`, or from `queries`). */
  queryIds: string[];
}

/** Reads one folder in the seed's or the document's shape. */
export function readFolderContents(value: unknown): FolderContents {
  const f = object(value, 'a folder');
  if (typeof f.id !== 'string' && typeof f.id !== 'number') throw new MalformedResponseError('the folder the service sent has no id');
  const queries = Array.isArray(f.queries) ? objects(f.queries, 'queries').map(readQuery) : null;
  const subfolders = Array.isArray(f.folders) ? f.folders : Array.isArray(f.children) ? f.children : [];
  return {
    id: text(f.id),
    name: text(f.name),
    path: textOrNull(f.path),
    parentId: textOrNull(f.parentId),
    createdAt: toMillis(f.createdAt),
    folders: objects(subfolders, 'folders').map((c) => ({ id: text(c.id), name: text(c.name), path: textOrNull(c.path) })),
    queries,
    queryIds: queries ? queries.map((q) => q.id) : Array.isArray(f.queryIds) ? f.queryIds.map((x) => text(x)) : [],
  };
}

/** A node of the folder tree after normalisation. */
export interface TreeNode {
  id: string;
  name: string;
  path: string;
  children: TreeNode[];
  /** The folder's queries when they were asked for and sent; null otherwise. */
  queries: QueryRecord[] | null;
  /** Query ids when only those were sent (the seed shape); null otherwise. */
  queryIds: string[] | null;
}

/** Reads `{tree}` in the document's or the seed's shape; a missing path is built from the names above it, under `basePath`. */
export function readFolderTree(value: unknown, basePath = ''): TreeNode[] {
  const body = object(value, 'a folder tree');
  const walk = (nodes: unknown, parentPath: string): TreeNode[] =>
    objects(nodes, 'folders').map((n) => {
      const name = text(n.name, text(n.id));
      const path = textOrNull(n.path) ?? `${parentPath}/${name}`;
      const id = text(n.id);
      return {
        id,
        name,
        path,
        children: walk(n.children, path),
        // A query in the tree is in the folder it sits under, where it does not say so itself.
        queries: Array.isArray(n.queries) ? objects(n.queries, 'queries').map((q) => ({ ...readQuery(q), ...(q.path == null ? { path } : {}), ...(q.folderId == null ? { folderId: id } : {}) })) : null,
        queryIds: !Array.isArray(n.queries) && Array.isArray(n.queryIds) ? n.queryIds.map((x) => text(x)) : null,
      };
    });
  return walk(body.tree, basePath === '/' ? '' : basePath);
}
