import type { Static } from 'typebox';
import { DgwError, MalformedResponseError } from '../errors.js';
import type * as R from '../contract/records.js';
import type { TablePlace } from './catalogs.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, isRaw, listIn, object, readAnswer, text, textOrNull } from './read.js';
import type { ColumnAt } from './relations.js';

// Project metadata (`/metadata/{projectId}`, its refresh jobs and their callback): the document types these answers as
// open objects; the readers take the local gateway's shape (catalogs, schemas, tables, columns), anything else as having none.

/** A column as the metadata describes it (the document's MetadataColumn). */
export type MetadataColumnRecord = Static<typeof R.MetadataColumnRecord>;

/** A table (or view) of a catalog as the metadata describes it. */
export type MetadataTableRecord = Static<typeof R.MetadataTableRecord>;

/** Whether the agent may use a catalog, or a schema of it. */
export type AiUsageRecord = Static<typeof R.AiUsageRecord>;

/** A change to a table's metadata: descriptions (empty removes one) and whether the agent may use it. */
export interface TableChange {
  tableDescription?: string;
  columns?: Array<{ columnName: string; columnDescription: string }>;
  useWithAI?: boolean;
}

/** How a catalog's last metadata refresh stands: ACTIVE, COMPLETED, FAILED, NOT_ACTIVE, ... */
export type MetadataStatusRecord = Static<typeof R.MetadataStatusRecord>;

/** The URL told when a refresh ends; the token sent with it is never shown. */
export type MetadataCallbackRecord = Static<typeof R.MetadataCallbackRecord>;

const base = (projectId: string) => apiPath`/metadata/${projectId}`;

/** A callback token is a credential of the user's own hook: `--dry-run` and `--debug` show `***` for it. */
function hiddenToken(token: string | undefined): { secretBody?: (body: unknown) => unknown; secretValues?: string[] } {
  return token === undefined ? {} : { secretBody: (body) => ({ ...(body as object), callbackToken: '***' }), secretValues: [token] };
}

/** The tables of every catalog (or of one, or of one schema of it), with their columns, and each catalog's refresh status. */
export async function getMetadata(http: Http, projectId: string, where: { catalogId?: string; schemaName?: string }): Promise<{ tables: MetadataTableRecord[]; statuses: MetadataStatusRecord[] }> {
  const body = await http.request({ method: 'GET', path: base(projectId), query: { catalogId: where.catalogId, schemaName: where.schemaName } });
  if (!Array.isArray(body) && !Object.values(object(body, 'the metadata of the catalogs')).some(Array.isArray)) throw new MalformedResponseError('the service sent metadata without a list of catalogs');
  const catalogs = listIn(body).filter(isRaw);
  return {
    tables: catalogs.flatMap((c) =>
      listIn(c.schemas).filter(isRaw).flatMap((s) =>
        listIn(s.tables).filter(isRaw).map((t) => readTable({ ...t, catalogId: c.catalogId, schemaName: s.schemaName }, text(c.catalogName))),
      ),
    ),
    statuses: catalogs.map((c) => readMetadataStatus(c, text(c.catalogId))),
  };
}

/** Starts a refresh of one catalog's metadata, or of every catalog's; the ids of the catalogs refreshed, as far as the answer says. */
export async function refreshMetadata(http: Http, projectId: string, input: { catalogId?: string; callbackURL?: string; callbackToken?: string }): Promise<string[]> {
  const body = await http.request({ method: 'POST', path: `${base(projectId)}/refresh`, body: input, expect: 'optional-json', ...hiddenToken(input.callbackToken) });
  return isRaw(body) ? listIn(body.catalogIds).map((id) => text(id)) : [];
}

export async function getMetadataStatus(http: Http, projectId: string, catalogId: string): Promise<MetadataStatusRecord> {
  return readMetadataStatus(await http.request({ method: 'GET', path: apiPath`/metadata/${projectId}/refresh/${catalogId}` }), catalogId);
}

/** A refresh job's status: the document's schema says ACTIVE, its example `active` (and `not-active`): both read as ACTIVE, NOT_ACTIVE. */
export function readMetadataStatus(value: unknown, catalogId: string): MetadataStatusRecord {
  const s = object(value, 'a refresh status');
  return { catalogId: text(s.catalogId, catalogId), status: text(s.status, 'UNKNOWN').toUpperCase().replace(/-/g, '_'), message: textOrNull(s.message), refreshedAt: textOrNull(s.refreshedAt) };
}

export async function getMetadataCallback(http: Http, projectId: string): Promise<MetadataCallbackRecord> {
  return readCallback(await http.request({ method: 'GET', path: `${base(projectId)}/refresh/callback` }));
}

export async function setMetadataCallback(http: Http, projectId: string, callbackURL: string, callbackToken: string | undefined): Promise<MetadataCallbackRecord | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: `${base(projectId)}/refresh/callback`, body: { callbackURL, callbackToken }, expect: 'optional-json', ...hiddenToken(callbackToken) }), readCallback);
}

export async function removeMetadataCallback(http: Http, projectId: string): Promise<unknown> {
  return http.request({ method: 'DELETE', path: `${base(projectId)}/refresh/callback`, expect: 'optional-json' });
}

/** Describes a table and its columns, or says whether the agent may use it; the table as the answer gives it, if it does. */
export async function describeTable(http: Http, projectId: string, at: TablePlace, change: TableChange, catalogName: string): Promise<MetadataTableRecord | undefined> {
  const body = await http.request({ method: 'PUT', path: apiPath`/metadata/${projectId}/${at.catalogId}/${at.schema}/${at.table}`, body: change, expect: 'optional-json' });
  return isRaw(body) && typeof body.tableName === 'string' ? readTable(body, catalogName) : undefined;
}

/** The document types a change's answer as an open object: one that shows no table is followed by a read of the table as it now stands. */
export async function tableAfterChange(http: Http, projectId: string, at: TablePlace, answer: MetadataTableRecord | undefined): Promise<MetadataTableRecord> {
  if (answer) return answer;
  const took = `the service took the change to ${at.schema}.${at.table}`;
  const hint = '`dgw metadata get` shows what it holds; sending the change again changes nothing more';
  // Whatever fails now, the change is made: said first, so nobody takes the exit code for a lost change.
  const { tables } = await getMetadata(http, projectId, { catalogId: at.catalogId, schemaName: at.schema }).catch((error: unknown) => {
    if (!(error instanceof DgwError)) throw error;
    throw new DgwError(error.kind, `${took}, but reading it back failed: ${error.message}`, { hint, status: error.status, errorCode: error.errorCode, cause: error });
  });
  const table = tables.find((t) => t.schemaName === at.schema && t.tableName === at.table);
  if (!table) throw new MalformedResponseError(`${took} but its metadata does not list the table`, undefined, hint);
  return table;
}

/** Says whether the agent may use a whole catalog, or one schema of it. */
export async function setAiUsage(http: Http, projectId: string, catalogId: string, schema: string | undefined, useWithAI: boolean): Promise<AiUsageRecord> {
  const path = schema === undefined ? apiPath`/metadata/${projectId}/${catalogId}` : apiPath`/metadata/${projectId}/${catalogId}/${schema}`;
  const body = await http.request({ method: 'PUT', path, body: { useWithAI }, expect: 'optional-json' });
  const b = isRaw(body) ? body : {};
  return { catalogId: text(b.catalogId, catalogId), schemaName: textOrNull(b.schemaName) ?? schema ?? null, useWithAI: flag(b.useWithAI, useWithAI) };
}

/** Counts a column's most frequent values for the agent (at most `limit`); the table as the answer gives it, if it does. */
export async function setCategorical(http: Http, projectId: string, at: ColumnAt, input: { limit?: number; frequency?: string }, catalogName: string): Promise<MetadataTableRecord | undefined> {
  const body = await http.request({ method: 'PUT', path: apiPath`/metadata/${projectId}/categorical/${at.catalogId}/${at.schema}/${at.table}/${at.column}`, body: input, expect: 'optional-json' });
  return isRaw(body) && typeof body.tableName === 'string' ? readTable(body, catalogName) : undefined;
}

export function deleteCategorical(http: Http, projectId: string, at: ColumnAt): Promise<unknown> {
  return http.request({ method: 'DELETE', path: apiPath`/metadata/${projectId}/categorical/${at.catalogId}/${at.schema}/${at.table}/${at.column}`, expect: 'optional-json' });
}

function readTable(t: Record<string, unknown>, catalogName: string): MetadataTableRecord {
  return {
    catalogId: text(t.catalogId),
    catalogName: text(t.catalogName, catalogName),
    schemaName: text(t.schemaName),
    tableName: text(t.tableName),
    tableDescription: textOrNull(t.tableDescription),
    useWithAI: typeof t.useWithAI === 'boolean' ? t.useWithAI : null,
    columns: listIn(t.columns).filter(isRaw).map(readColumn),
  };
}

function readColumn(c: Record<string, unknown>): MetadataColumnRecord {
  return {
    columnName: text(c.columnName),
    columnDescription: textOrNull(c.columnDescription),
    dataType: text(c.dataType),
    isNotNull: typeof c.isNotNull === 'boolean' ? c.isNotNull : null,
    isCategorical: typeof c.isCategorical === 'boolean' ? c.isCategorical : null,
    categoricalValues: listIn(c.categoricalValues).map((v) => text(v)),
  };
}

function readCallback(value: unknown): MetadataCallbackRecord {
  const c = isRaw(value) ? value : {};
  return { callbackURL: textOrNull(c.callbackURL), hasToken: flag(c.hasToken, typeof c.callbackToken === 'string' && c.callbackToken !== '') };
}

// What needs a language model: the hosted service answers; the local gateway answers 501. The
// document gives these answers as open objects, so they are handed on as they came.

export function generateSemantics(http: Http, projectId: string, at: TablePlace, input: { initialPrompt?: string; limit?: number; threadId?: string }): Promise<unknown> {
  return http.request({ method: 'POST', path: apiPath`/metadata/${projectId}/semantics/${at.catalogId}/${at.schema}/${at.table}`, body: input, expect: 'optional-json' });
}

export function generateSampleQuestions(http: Http, projectId: string, question: string): Promise<unknown> {
  return http.request({ method: 'GET', path: `${base(projectId)}/questions/generate`, query: { question }, expect: 'optional-json' });
}

export function searchMetadata(http: Http, projectId: string, table: string, topK: number | undefined): Promise<unknown> {
  return http.request({ method: 'GET', path: `${base(projectId)}/query`, query: { table, topK }, expect: 'optional-json' });
}
