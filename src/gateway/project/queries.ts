import type { Query, QueryType } from '../../api/types.js';
import { deriveQueryName, hasControlCharacter, MAX_QUERY_NAME, noSqlNameReason, sqlName } from '../../api/names.js';
import { badRequest, conflict, userSql } from '../errors.js';
import { refuseInvisible } from '../validate.js';
import { ident, qualified } from '../sql.js';
import { createViewSql, missingName } from './views.js';
import { forgetGoneColumns, renameTable } from './table-references.js';
import { QUERY_CATALOG_ID } from '../routes/catalogs.js';
import { checkSql } from './check.js';
import { newQueryId } from './ids.js';
import { ensurePath, folderPath, folderPaths, planPath, touchFolder, type PlannedPath } from './folders.js';
import { dropObjectSql, dropQuery, objectStatements } from './objects.js';
import { insertQuerySql, queryAt, readQueryByName, readQueryListJson, updateQuerySql, type FolderPaths } from './query-rows.js';
import { changeStatement, runApplied, runStatement } from './statement.js';
import type { ProjectStore } from './store.js';
import type { QueryInput, QueryRow, SqlCheck } from './types.js';
import { sameSchedule } from '../schedule.js';
import { refuseQueryCached } from './cached-query-stays.js';

/** `name` from `displayName` by the documented rule; 400 when nothing is left. */
export function queryName(displayName: string): string {
  const name = deriveQueryName(displayName);
  if (name === '') throw badRequest(`displayName ${noSqlNameReason(displayName)}`);
  if (name.length > MAX_QUERY_NAME) throw badRequest(`the name derived from displayName is longer than ${MAX_QUERY_NAME} characters`);
  return name;
}

export function toQuery(s: ProjectStore, q: QueryRow): Query {
  return queryAt(q, q.folderId ? folderPath(s, q.folderId) : null);
}

/** A query by id (or old id) as the API answers it, with its folder's path; 404 for neither. */
export async function getQuery(s: ProjectStore, id: string): Promise<Query> {
  const q = await s.query(id);
  await s.useFolders();
  return toQuery(s, q);
}

/** Every query as the API answers it, as one UTF-8 JSON array joined by DuckDB and kept until the next change. */
export function allQueriesJson(s: ProjectStore): Promise<Uint8Array> {
  return s.untilChanged('query list', () => s.withConnection(readQueryListJson));
}

/** A control character in a display name could rewrite the screen of whoever lists the queries. */
function refuseControls(displayName: string): void {
  if (hasControlCharacter(displayName)) throw badRequest('displayName contains a control character');
  refuseInvisible(displayName, 'displayName');
}

/** Create Query (spec 4.1). `checkSchemaExists` false stores SQL that reads missing tables. */
export async function createQuery(s: ProjectStore, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
  await s.useFolders();
  const displayName = input.displayName;
  if (displayName === undefined || displayName.trim() === '') throw badRequest('displayName is required');
  refuseControls(displayName);
  const name = queryName(displayName);
  const queryType = input.queryType ?? 'PLAIN';
  const sqlText = await sqlOf(s, input, queryType);
  if (sqlText === undefined) throw badRequest('inputQuery is required (or inputQueryRefId for a MATERIALIZED query)');
  let schedule = input.schedule?.type === 'none' ? null : (input.schedule ?? null);
  if (schedule && queryType !== 'MATERIALIZED') {
    if (!input.plainScheduleIgnored) throw badRequest('a schedule applies only to MATERIALIZED queries');
    schedule = null;
  }
  const check = await checkSql(s, sqlText, !checkSchemaExists, sqlField(input));

  let row: QueryRow | undefined;
  await userSql(() =>
    s.change(async (c) => {
      const id = newQueryId((x) => s.aliases.has(x));
      const now = s.now();
      const path: PlannedPath = input.path === undefined ? { folderId: null, path: null, statements: [] } : planPath(s, input.path, now);
      const built = queryType === 'MATERIALIZED' && check.bindError === undefined;
      row = {
        id, name, displayName, inputQuery: sqlText, queryType, schedule, folderId: path.folderId,
        scheduleSetAt: now, createdAt: now, modifiedAt: now, materializedAt: built ? now : null,
      };
      const paths: FolderPaths = (folder) => (folder === path.folderId && path.path !== null ? path.path : folderPath(s, folder));
      if ((await changeStatement(c, insertQuerySql(row, paths))) === 0) {
        if (await readQueryByName(c, name)) throw conflict(`a query named ${name} already exists in project ${s.id}`);
        throw conflict(`the new query's id ${id} is taken; try again`);
      }
      return [...path.statements, ...objectStatements(s, row, check)];
    }),
  );
  return toQuery(s, row!);
}

/** The SQL a create or update gives: that of the query inputQueryRefId names (MATERIALIZED only), else inputQuery. */
async function sqlOf(s: ProjectStore, input: QueryInput, queryType: QueryType): Promise<string | undefined> {
  if (input.inputQueryRefId === undefined) return input.inputQuery;
  if (queryType !== 'MATERIALIZED') throw badRequest('inputQueryRefId is only valid when queryType is MATERIALIZED');
  return (await s.query(input.inputQueryRefId)).inputQuery;
}

function sqlField(input: QueryInput): string {
  return input.inputQueryRefId !== undefined ? 'the SQL of the query inputQueryRefId names' : 'inputQuery';
}

function readingItself(error: unknown, input: QueryInput, before: QueryRow): unknown {
  if (missingName(error) !== before.name) return error;
  return badRequest(`${sqlField(input)} reads svc.${sqlName(before.queryType === 'PLAIN' ? 'query' : 'mtquery', before.name)}, the query itself (directly or through another saved query)`);
}

/** Update Query: omitted fields keep their values; see docs/local-gateway.md for the details. */
export async function updateQuery(s: ProjectStore, id: string, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
  await s.useFolders();
  const before = await s.query(id);
  const queryType = input.queryType ?? before.queryType;
  const sqlText = (await sqlOf(s, input, queryType)) ?? before.inputQuery;
  const sqlChanged = sqlText !== before.inputQuery;
  const typeChanged = queryType !== before.queryType;
  if (input.schedule && input.schedule.type !== 'none' && queryType !== 'MATERIALIZED' && !input.plainScheduleIgnored) {
    throw badRequest('a schedule applies only to MATERIALIZED queries');
  }
  const displayName = input.displayName ?? before.displayName;
  if (displayName.trim() === '') throw badRequest('displayName must not be empty');
  if (input.displayName !== undefined) refuseControls(displayName);
  // Derived again only from a display name sent: an earlier dgw derived some names otherwise, and SQL reads them so.
  const name = input.displayName === undefined ? before.name : queryName(displayName);
  const nameChanged = name !== before.name;
  const rebuild = sqlChanged || typeChanged || input.inputQueryRefId !== undefined;
  const check: SqlCheck | undefined = rebuild ? await checkSql(s, sqlText, !checkSchemaExists, sqlField(input)) : undefined;
  const row = await s.tx(async (c) => {
    const q = await s.query(id, c);
    // What was checked came from `before`: written over another update's, it would undo that one half-way.
    if ((['name', 'displayName', 'inputQuery', 'queryType'] as const).some((k) => q[k] !== before[k])) throw conflict(`query ${before.name} was changed by another request meanwhile; try again`);
    if (nameChanged && (await readQueryByName(c, name))) throw conflict(`a query named ${name} already exists in project ${s.id}`);
    if (nameChanged) await refuseQueryCached(c, q, 'rename');
    const now = s.now();
    let schedule = q.schedule;
    let scheduleSetAt = q.scheduleSetAt;
    if (input.schedule !== undefined) {
      schedule = input.schedule.type === 'none' ? null : input.schedule;
      if (!sameSchedule(schedule, q.schedule)) scheduleSetAt = now;
    }
    if (queryType === 'PLAIN') schedule = null;
    const folderId = input.path === undefined ? q.folderId : await ensurePath(s, c, input.path, now);
    const rebuilt = check !== undefined && queryType === 'MATERIALIZED' && check.bindError === undefined;
    const changed: QueryRow = {
      ...q, name, displayName, inputQuery: sqlText, queryType, schedule, scheduleSetAt, folderId, modifiedAt: now,
      materializedAt: queryType !== 'MATERIALIZED' ? null : rebuild ? (rebuilt ? now : null) : q.materializedAt,
    };
    if (check) {
      await c.run(dropObjectSql(q));
      if (q.queryType !== 'PLAIN') {
        await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [q.id]);
        s.refreshes.delete(q.id);
      }
      for (const x of objectStatements(s, changed, check)) await userSql(() => runApplied(c, x)).catch((error: unknown) => Promise.reject(readingItself(error, input, q)));
      // The check bound the SQL against the old view: made (and dropped, views are made when read) to refuse SQL reading the query itself.
      if (queryType === 'PLAIN' && check.bindError === undefined) {
        await userSql(() => c.run(createViewSql(name, sqlText))).catch((error: unknown) => Promise.reject(readingItself(error, input, q)));
        await forgetGoneColumns(c, qualified('query', name), QUERY_CATALOG_ID, 'query', q.name);
        await c.run(dropObjectSql(changed));
      }
    } else if (nameChanged) {
      // A PLAIN query's view is made again, under its new name, when a statement reads it (views.ts).
      await c.run(q.queryType === 'PLAIN' ? dropObjectSql(q) : `ALTER TABLE IF EXISTS ${qualified('mtquery', q.name)} RENAME TO ${ident(name)}`);
    }
    // Its relations and descriptions follow it to its new name, as a stored column's do.
    if (nameChanged) await renameTable(c, QUERY_CATALOG_ID, 'query', q.name, name);
    await runStatement(c, updateQuerySql(changed, folderPaths(s)));
    return changed;
  }, rebuild || nameChanged ? [before.id] : []);
  // A semantic table is a view over the query's view or table by name: under a new name or kind it is made again.
  if ((nameChanged || typeChanged) && s.semanticCatalogs.length > 0) await (await import('./semantic-catalogs.js')).remakeTablesOf(s, id);
  return toQuery(s, row);
}

/** Move Query: `/` (or an empty path) puts it at the root; missing folders are created. */
export async function moveQuery(s: ProjectStore, id: string, path: string): Promise<void> {
  await s.useFolders();
  const q = await s.query(id);
  await s.tx(async (c) => {
    const now = s.now();
    const folderId = await ensurePath(s, c, path, now);
    await runStatement(c, updateQuerySql({ ...(await s.query(q.id, c)), folderId, modifiedAt: now }, folderPaths(s)));
    if (folderId) await touchFolder(s, c, folderId, now);
  });
}

/** Delete Query: drops its view or materialized table with it. */
export async function deleteQuery(s: ProjectStore, id: string): Promise<Query> {
  await s.useFolders();
  const q = await s.query(id);
  const view = toQuery(s, q);
  await s.tx(async (c) => dropQuery(s, c, await s.query(q.id, c)), [q.id]);
  return view;
}
