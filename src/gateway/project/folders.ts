import { randomUUID } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { folderSegments } from '../../api/names.js';
import type { Folder } from '../../api/types.js';
import { conflict } from '../errors.js';
import { sqlValue } from '../sql.js';
import { dropQuery, updateQuerySql } from './objects.js';
import type { ProjectStore } from './store.js';
import type { FolderRow, Statement } from './types.js';

/** The spec's folder shape, children nested recursively. */
export function toFolder(s: ProjectStore, f: FolderRow): Folder {
  const children = [...s.folders.values()].filter((x) => x.parentId === f.id).sort(byName);
  return {
    id: f.id,
    name: f.name,
    createdAt: f.createdAt,
    modifiedAt: f.modifiedAt,
    children: children.map((x) => toFolder(s, x)),
    queryIds: [...s.queries.values()].filter((q) => q.folderId === f.id).map((q) => q.id),
  };
}

export function rootFolders(s: ProjectStore): Folder[] {
  return [...s.folders.values()].filter((f) => f.parentId === null).sort(byName).map((f) => toFolder(s, f));
}

export function folderPath(s: ProjectStore, id: string): string {
  const names: string[] = [];
  let cur = s.folders.get(id);
  for (let guard = 0; cur && guard < 1000; guard++) {
    names.unshift(cur.name);
    cur = cur.parentId ? s.folders.get(cur.parentId) : undefined;
  }
  return `/${names.join('/')}`;
}

export async function createFolder(s: ProjectStore, name: string, parentId: string | null): Promise<Folder> {
  if (parentId) s.folder(parentId);
  const id = randomUUID();
  await s.tx(async (c) => {
    if (child(s, parentId, name)) throw conflict(`a folder named ${name} already exists ${parentId ? `in ${folderPath(s, parentId)}` : 'at the root'}`);
    const now = s.now();
    await c.run(insertFolderSql({ id, name, parentId, createdAt: now, modifiedAt: now }));
    if (parentId) await touchFolder(c, parentId, now);
  });
  return toFolder(s, s.folder(id));
}

/** Folder membership (spec 4.2): a query lives in one folder at most, so adding moves it here. */
export async function updateMembership(s: ProjectStore, folderId: string, added: string[], removed: string[]): Promise<Folder> {
  s.folder(folderId);
  for (const id of [...added, ...removed]) s.query(id);
  await s.tx(async (c) => {
    const now = s.now();
    for (const id of removed) {
      const q = s.query(id);
      if (q.folderId === folderId) await c.run(updateQuerySql({ ...q, folderId: null, modifiedAt: now }).sql);
    }
    for (const id of added) await c.run(updateQuerySql({ ...s.query(id), folderId, modifiedAt: now }).sql);
    await touchFolder(c, folderId, now);
  });
  return toFolder(s, s.folder(folderId));
}

/** Delete Folder: 409 when it holds folders or queries, unless forced (then they go too). */
export async function deleteFolder(s: ProjectStore, folderId: string, force: boolean): Promise<Folder> {
  const view = toFolder(s, s.folder(folderId));
  const ids = subtree(s, folderId);
  const queries = [...s.queries.values()].filter((q) => q.folderId !== null && ids.has(q.folderId));
  if (!force && (ids.size > 1 || queries.length > 0)) {
    throw conflict(`folder ${folderPath(s, folderId)} is not empty; delete with force=true to delete its folders and queries too`);
  }
  await s.tx(async (c) => {
    for (const q of queries) await dropQuery(s, c, q);
    for (const id of ids) await c.run('DELETE FROM svc._dgw.folders WHERE id = ?', [id]);
  }, queries.map((q) => q.id));
  return view;
}

export async function renameFolder(s: ProjectStore, folderId: string, name: string): Promise<Folder> {
  const f = s.folder(folderId);
  await s.tx(async (c) => {
    const other = child(s, f.parentId, name);
    if (other && other.id !== folderId) throw conflict(`a folder named ${name} already exists there`);
    await c.run('UPDATE svc._dgw.folders SET name = ?, modified_at = ? WHERE id = ?', [name, s.now(), folderId]);
  });
  return toFolder(s, s.folder(folderId));
}

/** Move Folder: `path` is the new parent (`/` for the root); missing folders are created. */
export async function moveFolder(s: ProjectStore, folderId: string, path: string): Promise<Folder> {
  const f = s.folder(folderId);
  await s.tx(async (c) => {
    const now = s.now();
    const ownPath = folderPath(s, folderId);
    if (path === ownPath || path.startsWith(`${ownPath}/`)) throw conflict(`cannot move folder ${ownPath} into itself`);
    const parentId = await ensurePath(s, c, path, now);
    const other = child(s, parentId, f.name);
    if (other && other.id !== folderId) throw conflict(`a folder named ${f.name} already exists in ${path}`);
    await c.run('UPDATE svc._dgw.folders SET parent_id = ?, modified_at = ? WHERE id = ?', [parentId, now, folderId]);
  });
  return toFolder(s, s.folder(folderId));
}

/** Resolves a folder path inside a transaction, creating missing folders; null for the root. */
export async function ensurePath(s: ProjectStore, c: DuckDBConnection, path: string, now: number): Promise<string | null> {
  const plan = planPath(s, path, now);
  for (const x of plan.statements) {
    await c.run(x.sql);
    // Visible to later lookups in this transaction; the reload after it makes it permanent.
    x.apply?.();
  }
  return plan.folderId;
}

/** The folder a path names (null for the root), and the statements that create the folders it lacks. */
export function planPath(s: ProjectStore, path: string, now: number): { folderId: string | null; statements: Statement[] } {
  const planned: FolderRow[] = [];
  const statements: Statement[] = [];
  let parentId: string | null = null;
  for (const segment of folderSegments(path)) {
    const existing: FolderRow | undefined = child(s, parentId, segment) ?? planned.find((f) => f.parentId === parentId && f.name === segment);
    if (existing) {
      parentId = existing.id;
      continue;
    }
    const f: FolderRow = { id: randomUUID(), name: segment, parentId, createdAt: now, modifiedAt: now };
    planned.push(f);
    statements.push({ sql: insertFolderSql(f), apply: () => s.folders.set(f.id, f) });
    parentId = f.id;
  }
  return { folderId: parentId, statements };
}

/** The row of a new folder, with literal values so that it can join a batch. */
function insertFolderSql(f: FolderRow): string {
  return `INSERT INTO svc._dgw.folders VALUES (${[f.id, f.name, f.parentId, f.createdAt, f.modifiedAt].map(sqlValue).join(', ')})`;
}

export async function touchFolder(c: DuckDBConnection, id: string, now: number): Promise<void> {
  await c.run('UPDATE svc._dgw.folders SET modified_at = ? WHERE id = ?', [now, id]);
}

function child(s: ProjectStore, parentId: string | null, name: string): FolderRow | undefined {
  for (const f of s.folders.values()) if (f.parentId === parentId && f.name === name) return f;
  return undefined;
}

/** A folder and every folder below it. */
function subtree(s: ProjectStore, rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of s.folders.values()) {
      if (f.parentId && ids.has(f.parentId) && !ids.has(f.id)) {
        ids.add(f.id);
        grew = true;
      }
    }
  }
  return ids;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
