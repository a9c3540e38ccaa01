import { join } from 'node:path';
import { Routes } from '../router.js';
import type { ColumnDataType } from '../../api/types.js';
import { badRequest } from '../errors.js';
import { INTERNAL_CATALOG_ID } from './catalogs.js';
import { cachedTables } from '../project/cache-rows.js';
import { refuseNul } from '../project/check.js';
import type { ColumnChange, ColumnSpec } from '../project/index.js';
import * as tables from '../project/tables.js';
import type { StoredSchema } from '../sql.js';
import { checkName, isObject, jsonBody, tableNameProblem } from '../validate.js';

const TYPES: Record<ColumnDataType, string> = {
  VARCHAR: 'VARCHAR',
  BIGINT: 'BIGINT',
  BOOLEAN: 'BOOLEAN',
  DECIMAL: 'DECIMAL(18,3)',
  TIMESTAMP: 'TIMESTAMP',
  TIME: 'TIME',
  DATE: 'DATE',
  UUID: 'UUID',
};


/** Columns to add: an array of ColumnRequest (the document's example), one ColumnRequest (its schema), or `{columns}`. */
function parseColumns(body: unknown): ColumnSpec[] {
  const list = Array.isArray(body) ? body : isObject(body) && 'columns' in body ? body.columns : isObject(body) ? [body] : undefined;
  if (!Array.isArray(list)) throw badRequest('send the columns as an array of {name, dataType}, one such object, or {columns: [...]}');
  const seen = new Set<string>();
  return list.map((item, i) => {
    if (!isObject(item)) throw badRequest(`column ${i + 1} must be an object {name, dataType}`);
    const { name, dataType, displayName, defaultValue, isNotNull, isUnique } = item;
    if (typeof name !== 'string') throw badRequest(`column ${i + 1}: name must be a string`);
    checkColumnName(name, `column ${i + 1} name`);
    if (typeof dataType !== 'string') throw badRequest(`column ${name}: dataType must be a string`);
    checkOptionalFields(name, { displayName, defaultValue, isNotNull, isUnique });
    if (seen.has(name.toLowerCase())) throw badRequest(`column ${name} is given twice`);
    seen.add(name.toLowerCase());
    return { name, dataType: duckType(name, dataType), defaultValue: typeof defaultValue === 'string' ? defaultValue : null, notNull: isNotNull === true, unique: isUnique === true };
  });
}

/** A column is named in the path of its update and delete, where `.` and `..` are steps a URL takes, not names. */
function checkColumnName(name: string, what: string): void {
  checkName(name, what, 128);
  if (name === '.' || name === '..') throw badRequest(`${what} "${name}" cannot be a column's name: a URL reads it as a step, so the column could never be changed or dropped`);
}

function duckType(column: string, dataType: string): string {
  const type = TYPES[dataType.toUpperCase() as ColumnDataType];
  if (!type) throw badRequest(`column ${column}: dataType must be one of ${Object.keys(TYPES).join(', ')}`);
  return type;
}

/** The fields of a ColumnRequest other than name and dataType; displayName is accepted and shown as the name locally. */
function checkOptionalFields(column: string, fields: Record<string, unknown>): void {
  const { displayName, defaultValue, isNotNull, isUnique } = fields;
  if (displayName !== undefined && displayName !== null && typeof displayName !== 'string') throw badRequest(`column ${column}: displayName must be a string`);
  if (defaultValue !== undefined && defaultValue !== null && typeof defaultValue !== 'string') throw badRequest(`column ${column}: defaultValue must be a string`);
  // A default goes into the table's DDL, which takes no parameters: a NUL would cut it short.
  if (typeof defaultValue === 'string') refuseNul(defaultValue, `column ${column}: defaultValue`);
  for (const [field, v] of [['isNotNull', isNotNull], ['isUnique', isUnique]] as const) {
    if (v !== undefined && v !== null && typeof v !== 'boolean') throw badRequest(`column ${column}: ${field} must be true or false`);
  }
}

/** Update Column's ColumnRequest: every field optional; an absent one is left as it is, `defaultValue: null` drops the default. */
function parseColumnChange(column: string, body: unknown): ColumnChange {
  if (!isObject(body)) throw badRequest('send the change as one object {name?, dataType?, defaultValue?, isNotNull?, isUnique?}');
  const { name, dataType, defaultValue, isNotNull, isUnique } = body;
  if (name !== undefined && name !== null && typeof name !== 'string') throw badRequest(`column ${column}: name must be a string`);
  if (typeof name === 'string') checkColumnName(name, `column ${column}: name`);
  if (dataType !== undefined && dataType !== null && typeof dataType !== 'string') throw badRequest(`column ${column}: dataType must be a string`);
  checkOptionalFields(column, body);
  return {
    name: typeof name === 'string' ? name : undefined,
    dataType: typeof dataType === 'string' ? duckType(column, dataType) : undefined,
    defaultValue: defaultValue === null ? null : typeof defaultValue === 'string' ? defaultValue : undefined,
    notNull: typeof isNotNull === 'boolean' ? isNotNull : undefined,
    unique: typeof isUnique === 'boolean' ? isUnique : undefined,
  };
}

function createColumns(requestText: string | undefined): ColumnSpec[] | undefined {
  let body: unknown;
  try {
    body = requestText === undefined ? undefined : JSON.parse(requestText);
  } catch {
    return undefined;
  }
  if (!isObject(body) || body.create === undefined) return undefined;
  const columns = parseColumns(body.create);
  if (columns.length === 0) throw badRequest('request.create must list the columns of the table to make');
  return columns;
}

/** Stored tables (`svc.table.<name>`: tables, columns, CSV import and sample) or BI tables (`svc.bitable.<name>`: tables and columns). */
export function tableRoutes(schema: StoredSchema): Routes {
  const r = new Routes();
  r.get('/', async (c) => {
    const project = c.get('project');
    return c.get('present').tables(c, await tables.tables(project, schema), await cachedTables(project, INTERNAL_CATALOG_ID, schema));
  });
  r.post('/:tableName', async (c) => {
    const name = c.req.param('tableName');
    const problem = tableNameProblem(name);
    if (problem) throw badRequest(problem);
    const body = await jsonBody(c, { optional: true });
    const columns = body === undefined ? [] : parseColumns(body);
    return c.get('present').tableCreated(c, await tables.createTable(c.get('project'), name, columns, schema));
  });
  r.delete('/:tableName', async (c) => c.get('present').tableChanged(c, await tables.deleteTable(c.get('project'), c.req.param('tableName'), schema)));
  r.get('/:tableName/columns', async (c) => c.get('present').columns(c, (await tables.table(c.get('project'), c.req.param('tableName'), schema)).columns));
  r.post('/:tableName/columns', async (c) => {
    const columns = parseColumns(await jsonBody(c));
    if (columns.length === 0) throw badRequest('no columns given');
    return c.get('present').columns(c, await tables.addColumns(c.get('project'), c.req.param('tableName'), columns, schema));
  });
  r.put('/:tableName/columns/:columnName', async (c) => {
    const column = c.req.param('columnName');
    const change = parseColumnChange(column, await jsonBody(c));
    return c.get('present').columns(c, await tables.updateColumn(c.get('project'), c.req.param('tableName'), column, change, schema));
  });
  r.delete('/:tableName/columns/:columnName', async (c) => {
    return c.get('present').tableChanged(c, await tables.dropColumn(c.get('project'), c.req.param('tableName'), c.req.param('columnName'), schema));
  });
  if (schema === 'bitable') return r;
  r.post('/:tableName/import', async (c) => {
    const [{ receiveForm }, { importCsvFile }] = await Promise.all([import('../transfer/receive.js'), import('../transfer/import-csv.js')]);
    const form = await receiveForm(c.req.header('content-type'), c.req.body(), join(c.get('project').transferDir, 'uploads'));
    try {
      if (!form.file) throw badRequest('the import needs a "file" part: the CSV file');
      const name = c.req.param('tableName');
      const create = createColumns(form.fields.request);
      const problem = create ? tableNameProblem(name) : undefined;
      if (problem) throw badRequest(problem);
      return c.get('present').imported(c, await importCsvFile(c.get('project'), name, form.fields.request, form.file, create));
    } finally {
      await form.discard();
    }
  });
  r.get('/:tableName/sample', async (c) => {
    const { sampleCsv } = await import('../transfer/sample.js');
    const text = await sampleCsv(c.get('project'), c.req.param('tableName'));
    return c.body(text, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="sample.csv"' });
  });
  return r;
}
