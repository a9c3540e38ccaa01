// The data sets of the scale rows, made through dgw's own API: a `dgw serve` on a fresh data
// folder answers one Create Query request per query (POST /data/projects/demo/queries with a
// `path`, which makes the query's folder when it is missing), four requests in flight at a time.
//
// Folders: folder f of F is /area-<f mod 10> for the first ten, /area-<f mod 10>/group-<f> after
// that, so 1,000 folders are 10 areas holding 990 groups. Query i of Q is named "Scale query i",
// reads `SELECT i AS n, 'query i' AS label`, and lives in folder floor(i * F / Q): 10,000 queries
// in 1,000 folders are 10 per folder. `extra` adds queries in one more folder (/inbox), and
// `targets` empty folders (made with Create Folder).
import { api } from './serve.mjs';

export function folderPath(f) {
  return f < 10 ? `/area-${f}` : `/area-${f % 10}/group-${String(f).padStart(4, '0')}`;
}

/** Makes the data set in project demo of the served gateway; returns the ids of the `extra` queries and of the queries of the first `firstFolders` folders. */
export async function makeDataSet(server, { queries, folders, extra = 0, targets = [], firstFolders = 0 }) {
  const jobs = [];
  for (let i = 0; i < queries; i++) jobs.push({ name: `Scale query ${i}`, sql: `SELECT ${i} AS n, 'query ${i}' AS label`, path: folderPath(Math.floor((i * folders) / queries)), folder: Math.floor((i * folders) / queries) });
  for (let i = 0; i < extra; i++) jobs.push({ name: `Inbox query ${i}`, sql: `SELECT ${i} AS n`, path: '/inbox', folder: -1 });
  const made = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    for (let j = next++; j < jobs.length; j = next++) {
      const { name, sql, path } = jobs[j];
      made[j] = (await api(server, 'POST', '/data/projects/demo/queries', { displayName: name, inputQuery: sql, path })).id;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const target of targets) await api(server, 'POST', '/data/projects/demo/queries/folders', { folderName: target });
  return {
    extraIds: made.filter((_, j) => jobs[j].folder === -1),
    firstIds: made.filter((_, j) => jobs[j].folder >= 0 && jobs[j].folder < firstFolders),
  };
}
