import type { Query } from '../../api/types.js';
import { deriveQueryName, hasControlCharacter, MAX_QUERY_NAME } from '../../api/names.js';
import { badRequest, conflict, duckMessage, HttpError, sqlError, userSql } from '../errors.js';
import { ident, qualified } from '../sql.js';
import { checkSql } from './check.js';
import { newQueryId } from './ids.js';
import { ensurePath, folderPath, planPath, touchFolder } from './folders.js';
import { createViewSql, dropObjectSql, dropQuery, insertQuerySql, objectStatements, updateQuerySql } from './objects.js';
import { runStatement } from './statement.js';
import type { ProjectStore } from './store.js';
import type { QueryInput, QueryRow, SqlCheck } from './types.js';

/** `name` from `displayName` by the documented rule; 400 when nothing is left. */
export function queryName(displayName: string): string {
  const name = deriveQueryName(displayName);
  if (name === '') throw badRequest(`displayName "${displayName}" has no letters, digits or underscores to make a name from`);
  if (name.length > MAX_QUERY_NAME) throw badRequest(`the name derived from displayName is longer than ${MAX_QUERY_NAME} characters`);
  return name;
}

export function toQuery(s: ProjectStore, q: QueryRow): Query {
  return queryAt(q, q.folderId ? folderPath(s, q.folderId) : null);
}

/** A query as the API answers it, in the folder at `path` (null: in none). */
export function queryAt(q: QueryRow, path: string | null): Query {
  return {
    id: q.id,
    displayName: q.displayName,
    name: q.name,
    inputQuery: q.inputQuery,
    queryType: q.queryType,
    schedule: q.queryType === 'MATERIALIZED' ? (q.schedule ?? { type: 'none' }) : null,
    path,
    folderId: q.folderId,
  };
}

/**
 * Every query as the API answers it, in the order they were made, as one JSON array in UTF-8: the
 * store keeps it until a query or a folder changes, and each query's part until the query or its
 * folder's path changes; each folder's path is worked out once.
 */
export function allQueriesJson(s: ProjectStore): Uint8Array {
  return s.queryList(() => {
    const paths = new Map<string, string>();
    const pathOf = (id: string) => {
      let path = paths.get(id);
      if (path === undefined) paths.set(id, (path = folderPath(s, id)));
      return path;
    };
    return `[${Array.from(s.queries.values(), (q) => s.answer(q, () => queryAt(q, q.folderId ? pathOf(q.folderId) : null))).join(',')}]`;
  });
}

export function queryByName(s: ProjectStore, name: string): QueryRow | undefined {
  return s.queryByName(name);
}

/** A display name is printed on terminals: a control character in it could rewrite the screen of whoever lists the queries (as in folder names, refused). */
function refuseControls(displayName: string): void {
  if (hasControlCharacter(displayName)) throw badRequest('displayName contains a control character');
}

/** Create Query (spec 4.1). `checkSchemaExists` false stores SQL that reads missing tables. */
export async function createQuery(s: ProjectStore, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
  const displayName = input.displayName;
  if (displayName === undefined || displayName.trim() === '') throw badRequest('displayName is required');
  refuseControls(displayName);
  const name = queryName(displayName);
  const queryType = input.queryType ?? 'PLAIN';
  if (input.inputQueryRefId !== undefined && queryType !== 'MATERIALIZED') {
    throw badRequest('inputQueryRefId is only valid when queryType is MATERIALIZED');
  }
  let sqlText: string;
  if (input.inputQueryRefId !== undefined) sqlText = s.query(input.inputQueryRefId).inputQuery;
  else if (input.inputQuery !== undefined) sqlText = input.inputQuery;
  else throw badRequest('inputQuery is required (or inputQueryRefId for a MATERIALIZED query)');
  const schedule = input.schedule?.type === 'none' ? null : (input.schedule ?? null);
  if (schedule && queryType !== 'MATERIALIZED') throw badRequest('a schedule applies only to MATERIALIZED queries');
  const check = await checkSql(s, sqlText, !checkSchemaExists, sqlField(input));

  const id = newQueryId((x) => s.queries.has(x) || s.aliases.has(x));
  let row: QueryRow | undefined;
  try {
    // One round trip: folders the path lacks, the metadata row and the view or materialized table.
    await s.change(() => {
      if (queryByName(s, name)) throw conflict(`a query named ${name} already exists in project ${s.id}`);
      const now = s.now();
      const path = input.path === undefined ? { folderId: null, statements: [] } : planPath(s, input.path, now);
      const built = queryType === 'MATERIALIZED' && check.bindError === undefined;
      row = {
        id, name, displayName, inputQuery: sqlText, queryType, schedule, folderId: path.folderId,
        viewPending: queryType === 'PLAIN' && check.bindError !== undefined,
        scheduleSetAt: now, createdAt: now, modifiedAt: now, materializedAt: built ? now : null,
      };
      return [...path.statements, insertQuerySql(row), ...objectStatements(s, row, check)];
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw sqlError(duckMessage(error));
  }
  s.putQuery(row!);
  return toQuery(s, row!);
}

/** Which field the SQL of a create or update came from, for messages about it. */
function sqlField(input: QueryInput): string {
  return input.inputQueryRefId !== undefined ? 'the SQL of the query inputQueryRefId names' : 'inputQuery';
}

/** Update Query: omitted fields keep their values; see docs/local-gateway.md for the details. */
export async function updateQuery(s: ProjectStore, id: string, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
  const before = s.query(id);
  const queryType = input.queryType ?? before.queryType;
  if (input.inputQueryRefId !== undefined && queryType !== 'MATERIALIZED') {
    throw badRequest('inputQueryRefId is only valid when queryType is MATERIALIZED');
  }
  let sqlText = before.inputQuery;
  if (input.inputQueryRefId !== undefined) sqlText = s.query(input.inputQueryRefId).inputQuery;
  else if (input.inputQuery !== undefined) sqlText = input.inputQuery;
  const sqlChanged = sqlText !== before.inputQuery;
  const typeChanged = queryType !== before.queryType;
  if (input.schedule && input.schedule.type !== 'none' && queryType !== 'MATERIALIZED') {
    throw badRequest('a schedule applies only to MATERIALIZED queries');
  }
  const displayName = input.displayName ?? before.displayName;
  if (displayName.trim() === '') throw badRequest('displayName must not be empty');
  if (input.displayName !== undefined) refuseControls(displayName);
  const name = queryName(displayName);
  const nameChanged = name !== before.name;
  const rebuild = sqlChanged || typeChanged || input.inputQueryRefId !== undefined;
  const check: SqlCheck | undefined = rebuild ? await checkSql(s, sqlText, !checkSchemaExists, sqlField(input)) : undefined;
  await s.tx(async (c) => {
    const q = s.query(id);
    if (nameChanged && queryByName(s, name)) throw conflict(`a query named ${name} already exists in project ${s.id}`);
    const now = s.now();
    let schedule = q.schedule;
    let scheduleSetAt = q.scheduleSetAt;
    if (input.schedule !== undefined) {
      schedule = input.schedule.type === 'none' ? null : input.schedule;
      scheduleSetAt = now;
    }
    if (queryType === 'PLAIN') schedule = null;
    const folderId = input.path === undefined ? q.folderId : await ensurePath(s, c, input.path, now);
    const rebuilt = check !== undefined && queryType === 'MATERIALIZED' && check.bindError === undefined;
    const row: QueryRow = {
      ...q, name, displayName, inputQuery: sqlText, queryType, schedule, scheduleSetAt, folderId, modifiedAt: now,
      viewPending: queryType === 'PLAIN' && (check ? check.bindError !== undefined : q.viewPending),
      materializedAt: queryType !== 'MATERIALIZED' ? null : rebuild ? (rebuilt ? now : null) : q.materializedAt,
    };
    if (check) {
      await c.run(dropObjectSql(q));
      if (q.queryType !== 'PLAIN') {
        await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [id]);
        s.refreshes.delete(id);
      }
      for (const x of objectStatements(s, row, check)) {
        await userSql(() => runStatement(c, x));
        x.apply?.();
      }
    } else if (nameChanged) {
      const kind = q.queryType === 'PLAIN' ? 'VIEW' : 'TABLE';
      await c.run(`ALTER ${kind} IF EXISTS ${qualified(q.queryType === 'PLAIN' ? 'query' : 'mtquery', q.name)} RENAME TO ${ident(name)}`);
    }
    await runStatement(c, updateQuerySql(row));
    s.putQuery(row);
  }, rebuild || nameChanged ? [id] : []);
  return toQuery(s, s.query(id));
}

/** Move Query: `/` (or an empty path) puts it at the root; missing folders are created. */
export async function moveQuery(s: ProjectStore, id: string, path: string): Promise<void> {
  s.query(id);
  await s.tx(async (c) => {
    const now = s.now();
    const folderId = await ensurePath(s, c, path, now);
    const row = { ...s.query(id), folderId, modifiedAt: now };
    await runStatement(c, updateQuerySql(row));
    s.putQuery(row);
    if (folderId) await touchFolder(s, c, folderId, now);
  });
}

/** Delete Query: drops its view or materialized table with it. */
export async function deleteQuery(s: ProjectStore, id: string): Promise<Query> {
  const view = toQuery(s, s.query(id));
  await s.tx(async (c) => dropQuery(s, c, s.query(id)), [id]);
  return view;
}

/** Creates views that could not be bound when their query was saved, where they now bind. */
export async function bindPendingViews(s: ProjectStore): Promise<void> {
  const pending = [...s.queries.values()].filter((q) => q.viewPending);
  for (const q of pending) {
    const check = await checkSql(s, q.inputQuery, true).catch(() => undefined);
    if (!check || check.bindError) continue;
    await s.tx(async (c) => {
      const current = s.queries.get(q.id);
      if (!current?.viewPending || current.inputQuery !== q.inputQuery || current.name !== q.name) return;
      await runStatement(c, { sql: createViewSql(q.name, check.sql) });
      const row = { ...current, viewPending: false };
      await runStatement(c, updateQuerySql(row));
      s.putQuery(row);
    }).catch(() => undefined);
  }
}
