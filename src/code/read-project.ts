import { createHash } from 'node:crypto';
import { folderTree } from '../api/folder-tree.js';
import { listFolders } from '../api/folders.js';
import type { Http } from '../api/http.js';
import { folderPath } from '../api/names.js';
import { listQueries } from '../api/queries.js';
import type { Query } from '../api/types.js';
import { MalformedResponseError } from '../errors.js';
import type { ProjectFolder, ProjectQuery, ProjectState } from './model.js';
import { refreshOf } from './refresh.js';
import { compareText } from '../output/text-order.js';

/** Reads a project's queries and folders: two requests, whatever the project holds. */
export async function readProject(http: Http, projectId: string): Promise<ProjectState> {
  const [queries, folders] = await Promise.all([listQueries(http, projectId), listFolders(http, projectId)]);
  return projectState(queries, folderTree(folders).byId.values());
}

/** The project state from what the service returned (pure). */
export function projectState(queries: Query[], folders: Iterable<{ id: string; path: string }>): ProjectState {
  const folderList: ProjectFolder[] = [...folders].map((f) => ({ id: f.id, path: folderPath(f.path) }));
  const pathOf = new Map(folderList.map((f) => [f.id, f.path]));
  const queryList: ProjectQuery[] = queries.map((q) => ({
    id: q.id,
    name: q.name,
    displayName: q.displayName,
    materialized: q.queryType === 'MATERIALIZED',
    schedule: q.queryType === 'MATERIALIZED' ? refreshOf(q.schedule) : null,
    sql: q.inputQuery,
    // The document's queries carry their path; the seed's only a folder id.
    folder: q.path ? queryFolder(q.name, q.path) : q.folderId ? (pathOf.get(q.folderId) ?? '/') : '/',
  }));
  queryList.sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
  folderList.sort((a, b) => compareText(a.path, b.path) || compareText(a.id, b.id));
  return { queries: queryList, folders: folderList, fingerprint: fingerprint(queryList, folderList) };
}

/** The folder path a query's answer gives; a `.`, `..` or empty segment is the service's fault (a file there would be outside the directory, or in another folder's). */
function queryFolder(name: string, path: string): string {
  const inner = path.replace(/^\//, '').replace(/\/$/, '');
  if (inner !== '' && inner.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new MalformedResponseError(`the service sent query ${JSON.stringify(name)} with the path ${JSON.stringify(path)}, which has a ".", ".." or empty segment that no folder path has`);
  }
  return folderPath(path);
}

/** A hash of everything a plan depends on: equal fingerprints mean the project is as the plan saw it. */
export function fingerprint(queries: ProjectQuery[], folders: ProjectFolder[]): string {
  const canonical = JSON.stringify({
    queries: [...queries].sort((a, b) => compareText(a.id, b.id)).map((q) => [q.id, q.name, q.displayName, q.materialized, q.schedule, q.sql, q.folder]),
    folders: [...folders].sort((a, b) => compareText(a.id, b.id)).map((f) => [f.id, f.path]),
  });
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}
