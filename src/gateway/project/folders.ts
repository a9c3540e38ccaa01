import type { DuckDBConnection } from '@duckdb/node-api';
import { folderSegments } from '../../api/names.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { dropQuery } from './objects.js';
import { moveQueriesSql, readQueriesIn, readQueryFolders, retailQueriesSql, type FolderPaths, type QueryMove } from './query-rows.js';
import { runApplied, runStatement } from './statement.js';
import type { ProjectStore } from './store.js';
import type { FolderRow, Statement } from './types.js';

/** Each folder's path as the cache has it, including folders made so far in a change. */
export function folderPaths(s: ProjectStore): FolderPaths {
  return (id) => folderPath(s, id);
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

/** Create Folder: `name` may be a nested path whose missing folders are created too; 409 if the last exists. */
export async function createFolder(s: ProjectStore, name: string, parentId: string | null): Promise<string> {
  await s.useFolders();
  if (parentId !== null) s.folder(parentId);
  return s.tx(async (c) => {
    const path = `${parentId === null ? '' : folderPath(s, s.folder(parentId).id)}/${folderSegments(name).join('/')}`;
    const now = s.now();
    // A path that needs no folder made is there already, to its last folder.
    if (planPath(s, path, now).statements.length === 0) throw conflict(`a folder ${path} already exists`);
    const id = await ensurePath(s, c, path, now);
    if (parentId) await touchFolder(s, c, parentId, now);
    return id!;
  });
}

/** Folder membership (spec 4.2): a query lives in one folder at most, so adding moves it here. */
export async function updateMembership(s: ProjectStore, folderId: string, added: string[], removed: string[]): Promise<void> {
  await s.useFolders();
  await s.tx(async (c) => {
    s.folder(folderId);
    const folders = await readQueryFolders(s.duck, c, [...added, ...removed].map((id) => s.queryId(id)));
    const known = (given: string) => {
      const id = s.queryId(given);
      if (!folders.has(id)) throw notFound(`query ${given} not found in project ${s.id}`);
      return id;
    };
    const now = s.now();
    const moves = new Map<string, QueryMove>();
    for (const given of removed) {
      const id = known(given);
      if (folders.get(id) === folderId) moves.set(id, { id, folderId: null, modifiedAt: now });
    }
    for (const given of added) {
      const id = known(given);
      moves.set(id, { id, folderId, modifiedAt: now });
    }
    if (moves.size > 0) await runStatement(c, moveQueriesSql(s.duck, [...moves.values()], folderPaths(s)));
    await touchFolder(s, c, folderId, now);
  });
}

/** Delete Folder: 409 when it holds folders or queries, unless forced. */
export async function deleteFolder(s: ProjectStore, folderId: string, force: boolean): Promise<void> {
  await s.useFolders();
  const contents = async (c: DuckDBConnection) => {
    s.folder(folderId);
    const ids = subtree(s, folderId);
    const queries = await readQueriesIn(s.duck, c, [...ids]);
    if (!force && (ids.size > 1 || queries.length > 0)) {
      throw conflict(`folder ${folderPath(s, folderId)} is not empty; delete with force=true to delete its folders and queries too`);
    }
    return { ids, queries };
  };
  const inside = (await s.withConnection(contents)).queries;
  await s.tx(async (c) => {
    // Read again inside the change: a folder or query may have come or gone while it waited its turn.
    const { ids, queries } = await contents(c);
    for (const q of queries) await dropQuery(s, c, q);
    await runStatement(c, { sql: 'DELETE FROM svc._dgw.folders WHERE id IN (SELECT unnest(?::VARCHAR[]))', params: [s.duck.listValue([...ids])] });
    for (const id of ids) s.folders.delete(id);
  }, inside.map((q) => q.id));
}

export async function renameFolder(s: ProjectStore, folderId: string, name: string): Promise<void> {
  await s.useFolders();
  s.folder(folderId);
  await s.tx(async (c) => {
    const f = s.folder(folderId);
    const other = child(s, f.parentId, name);
    if (other && other.id !== folderId) throw conflict(`a folder named ${name} already exists there`);
    const now = s.now();
    await c.run('UPDATE svc._dgw.folders SET name = ?, modified_at = ? WHERE id = ?', [name, now, folderId]);
    s.folders.set(folderId, { ...f, name, modifiedAt: now });
    await rewriteAnswersBelow(s, c, folderId);
  });
}

/** Move Folder: `path` is the folder's new path (a different last name renames it); missing parents are created. */
export async function moveFolder(s: ProjectStore, folderId: string, path: string): Promise<void> {
  await s.useFolders();
  s.folder(folderId);
  const segments = folderSegments(path);
  if (segments.length === 0) throw badRequest('path must name the folder\'s new place, such as /archive/reports; / is the root itself');
  await s.tx(async (c) => {
    const now = s.now();
    const ownPath = folderPath(s, folderId);
    const target = `/${segments.join('/')}`;
    if (target === ownPath) return;
    if (target.startsWith(`${ownPath}/`)) throw conflict(`cannot move folder ${ownPath} into itself`);
    const parentId = await ensurePath(s, c, `/${segments.slice(0, -1).join('/')}`, now);
    const name = segments[segments.length - 1];
    const other = child(s, parentId, name);
    if (other && other.id !== folderId) throw conflict(`a folder ${target} already exists`);
    await c.run('UPDATE svc._dgw.folders SET parent_id = ?, name = ?, modified_at = ? WHERE id = ?', [parentId, name, now, folderId]);
    s.folders.set(folderId, { ...s.folder(folderId), parentId, name, modifiedAt: now });
    await rewriteAnswersBelow(s, c, folderId);
  });
}

/** Query rows keep their folder's path in their answer, so a move rewrites those below it. */
async function rewriteAnswersBelow(s: ProjectStore, c: DuckDBConnection, folderId: string): Promise<void> {
  await runStatement(c, retailQueriesSql(s.duck, [...subtree(s, folderId)], folderPaths(s)));
}

/** Resolves a folder path inside a transaction, creating missing folders; null for the root. */
export async function ensurePath(s: ProjectStore, c: DuckDBConnection, path: string, now: number): Promise<string | null> {
  const plan = planPath(s, path, now);
  for (const x of plan.statements) await runApplied(c, x);
  return plan.folderId;
}

/** A path resolved ahead of a change: its folder, its path, and the statements creating missing folders. */
export interface PlannedPath {
  folderId: string | null;
  /** The path as folderPath will give it once the change committed; null for the root. */
  path: string | null;
  statements: Statement[];
}

/** The folder a path names (null for the root), and the statements that create the folders it lacks. */
export function planPath(s: ProjectStore, path: string, now: number): PlannedPath {
  const planned: FolderRow[] = [];
  const statements: Statement[] = [];
  let parentId: string | null = null;
  for (const segment of folderSegments(path)) {
    const existing: FolderRow | undefined = child(s, parentId, segment) ?? planned.find((f) => f.parentId === parentId && f.name === segment);
    if (existing) {
      parentId = existing.id;
      continue;
    }
    const f: FolderRow = { id: process.getBuiltinModule('node:crypto').randomUUID(), name: segment, parentId, createdAt: now, modifiedAt: now };
    planned.push(f);
    statements.push({ ...insertFolderSql(f), apply: () => s.folders.set(f.id, f) });
    parentId = f.id;
  }
  const segments = folderSegments(path);
  return { folderId: parentId, path: segments.length === 0 ? null : `/${segments.join('/')}`, statements };
}

function insertFolderSql(f: FolderRow): Statement {
  return { sql: 'INSERT INTO svc._dgw.folders VALUES (?, ?, ?, ?, ?)', params: [f.id, f.name, f.parentId, f.createdAt, f.modifiedAt] };
}

/** Marks a folder changed now, in the database and the cache. */
export async function touchFolder(s: ProjectStore, c: DuckDBConnection, id: string, now: number): Promise<void> {
  await c.run('UPDATE svc._dgw.folders SET modified_at = ? WHERE id = ?', [now, id]);
  const f = s.folders.get(id);
  if (f) s.folders.set(id, { ...f, modifiedAt: now });
}

function child(s: ProjectStore, parentId: string | null, name: string): FolderRow | undefined {
  for (const f of s.folders.values()) if (f.parentId === parentId && f.name === name) return f;
  return undefined;
}

/** A folder and every folder below it (a Set's loop also visits the ids added during it). */
export function subtree(s: ProjectStore, rootId: string): Set<string> {
  const children = Map.groupBy(s.folders.values(), (f) => f.parentId);
  const ids = new Set([rootId]);
  for (const id of ids) for (const f of children.get(id) ?? []) ids.add(f.id);
  return ids;
}
