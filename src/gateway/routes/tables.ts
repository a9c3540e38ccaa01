import { Hono } from 'hono';
import type { ColumnDataType } from '../../api/types.js';
import type { GatewayEnv } from '../app.js';
import { badRequest } from '../errors.js';
import { checkName, jsonBody } from '../validate.js';

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
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** `[{name, dataType}]` or `{columns: [...]}`; each column type-checked. */
function parseColumns(body: unknown): Array<{ name: string; dataType: string }> {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as Record<string, unknown>).columns : undefined;
  if (!Array.isArray(list)) throw badRequest('send the columns as an array of {name, dataType}, or as {columns: [...]}');
  const seen = new Set<string>();
  return list.map((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(`column ${i + 1} must be an object {name, dataType}`);
    const { name, dataType } = item as Record<string, unknown>;
    if (typeof name !== 'string') throw badRequest(`column ${i + 1}: name must be a string`);
    checkName(name, `column ${i + 1} name`, 128);
    if (typeof dataType !== 'string') throw badRequest(`column ${name}: dataType must be a string`);
    const type = TYPES[dataType.toUpperCase() as ColumnDataType];
    if (!type) throw badRequest(`column ${name}: dataType must be one of ${Object.keys(TYPES).join(', ')}`);
    if (seen.has(name.toLowerCase())) throw badRequest(`column ${name} is given twice`);
    seen.add(name.toLowerCase());
    return { name, dataType: type };
  });
}

/** Stored tables (`svc.table.<name>`): list, create, list/add columns, drop a column. */
export function tableRoutes(): Hono<GatewayEnv> {
  const r = new Hono<GatewayEnv>();
  r.get('/', async (c) => c.json(await c.get('project').tables()));
  r.post('/:tableName', async (c) => {
    const name = c.req.param('tableName');
    if (!TABLE_NAME.test(name)) throw badRequest('a table name starts with a letter or _ and has only letters, digits and _ (at most 128)');
    const columns = parseColumns((await jsonBody(c, { optional: true })) ?? []);
    if (columns.length === 0) throw badRequest('a stored table needs at least one column: send {columns: [{name, dataType}]}');
    const p = c.get('project');
    await p.createTable(name, columns);
    return c.json(await p.table(name));
  });
  r.get('/:tableName/columns', async (c) => c.json((await c.get('project').table(c.req.param('tableName'))).columns));
  r.post('/:tableName/columns', async (c) => {
    const columns = parseColumns(await jsonBody(c));
    if (columns.length === 0) throw badRequest('no columns given');
    const p = c.get('project');
    await p.addColumns(c.req.param('tableName'), columns);
    return c.json((await p.table(c.req.param('tableName'))).columns);
  });
  r.delete('/:tableName/columns/:columnName', async (c) => {
    const p = c.get('project');
    await p.dropColumn(c.req.param('tableName'), c.req.param('columnName'));
    return c.json(await p.table(c.req.param('tableName')));
  });
  return r;
}
