import { MalformedResponseError } from '../errors.js';
import { folderSegments } from './names.js';

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

type Raw = Record<string, unknown>;

/**
 * Normalises a folder list in either shape into one tree: the spec's nested
 * `[{id, name, children, queryIds, ...}]` or the newer flat `{items: [{id, name, path, parentId}]}`.
 */
export function folderTree(response: unknown): FolderTree {
  const flat: Array<{ raw: Raw; parentId: string | null }> = [];
  if (Array.isArray(response)) {
    const walk = (items: unknown[], parentId: string | null) => {
      for (const item of items) {
        if (!isRaw(item)) continue;
        flat.push({ raw: item, parentId: stringOr(item.parentId, parentId) });
        if (Array.isArray(item.children)) walk(item.children, String(item.id));
      }
    };
    walk(response, null);
  } else if (isRaw(response) && Array.isArray(response.items)) {
    for (const item of response.items) if (isRaw(item)) flat.push({ raw: item, parentId: stringOr(item.parentId, null) });
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
  if (ref.startsWith('/')) return tree.byPath.get(`/${folderSegments(ref).join('/')}`);
  return tree.byId.get(ref);
}

/** The folders that list a query among their `queryIds`. */
export function foldersHolding(tree: FolderTree, queryId: string): FolderNode[] {
  return [...tree.byId.values()].filter((f) => f.queryIds?.includes(queryId));
}

function isFullPathOf(path: string, name: string): boolean {
  return path.split('/').filter(Boolean).at(-1) === name;
}

function isRaw(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string | null): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

function toMillis(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}
