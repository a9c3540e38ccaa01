import { Routes, type RouteContext } from '../router.js';
import { folderPathProblem } from '../../api/names.js';
import type { QueryType, ResultFormat } from '../../api/types.js';
import { badRequest } from '../errors.js';
import { executeSql, type ExecuteTarget } from '../execute.js';
import { isBuilderBody, parseBuilder } from '../query-builder.js';
import type { QueryInput } from '../project/index.js';
import * as queries from '../project/queries.js';
import type { Duration } from '../../schedule/duration.js';
import { normaliseSchedule } from '../schedule.js';
import { boolParam, jsonObject, optString, refuseInvisible, reqString } from '../validate.js';

/** Type-checks a QueryRequest body (2.1); semantics are checked by the project. */
export function parseQueryInput(body: Record<string, unknown>, minInterval: Duration): QueryInput {
  const input: QueryInput = {
    displayName: optString(body, 'displayName'),
    inputQuery: optString(body, 'inputQuery'),
    inputQueryRefId: optString(body, 'inputQueryRefId'),
    schedule: normaliseSchedule(body.schedule, minInterval),
    path: checkPath(optString(body, 'path')),
  };
  if (input.inputQueryRefId !== undefined && input.inputQueryRefId.trim() === '') throw badRequest('inputQueryRefId must be a query id, not empty');
  const type = body.queryType;
  if (type !== undefined && type !== null) {
    if (type !== 'PLAIN' && type !== 'MATERIALIZED') throw badRequest('queryType must be PLAIN or MATERIALIZED');
    input.queryType = type as QueryType;
  }
  return input;
}

export function checkPath(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const problem = folderPathProblem(path);
  if (problem) throw badRequest(problem);
  refuseInvisible(path, 'path');
  if (path.split('/').some((s) => s.length > 255)) throw badRequest('a folder name in path is longer than 255 characters');
  return path;
}

/** A create's or update's body as the project takes it: the hosted shape drops a PLAIN query's schedule rather than refuse it. */
async function queryInput(c: RouteContext): Promise<QueryInput> {
  return { ...parseQueryInput(await jsonObject(c), c.get('gateway').minInterval), plainScheduleIgnored: c.get('present').shape === 'hosted' };
}

const FORMATS: readonly ResultFormat[] = ['CELL_TYPED', 'SIMPLE', 'COMPACT'];

export function queryRoutes(): Routes {
  const r = new Routes();
  r.get('/', async (c) => c.body(await queries.allQueriesJson(c.get('project'))));
  r.post('/', async (c) => c.json(await queries.createQuery(c.get('project'), await queryInput(c), boolParam(c, 'checkSchemaExists', true))));
  r.post('/execute', async (c) => {
    const format = (c.req.query('format') ?? 'CELL_TYPED').toUpperCase() as ResultFormat;
    if (!FORMATS.includes(format)) throw badRequest(`format must be one of ${FORMATS.join(', ')}`);
    const body = await jsonObject(c);
    const given = (['statement', 'id', 'qualifiedName'] as const).filter((k) => body[k] !== undefined && body[k] !== null);
    if (given.length + (isBuilderBody(body) ? 1 : 0) !== 1) throw badRequest('send exactly one of statement, id, qualifiedName or a query builder request (from, columns, ...)');
    const target: ExecuteTarget = isBuilderBody(body) ? { builder: parseBuilder(body) } : ({ [given[0]]: reqString(body, given[0]) } as ExecuteTarget);
    if (wantsCsv(c.req.header('accept'))) {
      // Loaded only here: named pipes, a child process for mkfifo and sockets serve this path alone.
      const { csvAnswer } = await import('../csv-answer.js');
      const principal = c.get('principal');
      const csv = await csvAnswer(c.get('project'), target, principal.kind === 'partner' ? 'partner' : principal.apiKeyId);
      if (csv && 'body' in csv) return c.body(csv.body, 200, { 'content-type': 'text/csv; charset=utf-8' });
      if (csv) return c.get('present').executed(c, await executeSql(c.get('project'), { statement: csv.textSql }, format));
    }
    return c.get('present').executed(c, await executeSql(c.get('project'), target, format));
  });
  r.get('/:queryId', async (c) => c.json(await queries.getQuery(c.get('project'), c.req.param('queryId'))));
  r.put('/:queryId', async (c) => c.json(await queries.updateQuery(c.get('project'), c.req.param('queryId'), await queryInput(c), boolParam(c, 'checkSchemaExists', true))));
  r.delete('/:queryId', async (c) => c.get('present').changed(c, await queries.deleteQuery(c.get('project'), c.req.param('queryId'))));
  r.patch('/:queryId/path', async (c) => {
    const body = await jsonObject(c);
    const path = checkPath(reqString(body, 'path')) ?? '/';
    await queries.moveQuery(c.get('project'), c.req.param('queryId'), path);
    return c.body(null, 200);
  });
  return r;
}

function wantsCsv(accept: string | undefined): boolean {
  return accept !== undefined && /^\s*text\/csv\s*(;|,|$)/i.test(accept);
}
