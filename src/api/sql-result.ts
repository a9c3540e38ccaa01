import { MalformedResponseError } from '../errors.js';
import { bodyChunks, bodyError } from './body-chunks.js';
import { mayLoseDigits, numberJsonType, parseJsonExact } from './exact-numbers.js';
import type { Http } from './http.js';
import { JsonStreamError, streamArrayMember } from './json-stream.js';
import { apiPath } from './path.js';
import type { ExecuteRequest, ResultColumn, ResultFormat } from './types.js';

/** A run-SQL answer being read: its columns now, its rows as they arrive. */
export interface SqlResult {
  columns: ResultColumn[];
  /** The rows in batches, exact digits kept, one JSON type per column; read once. */
  rows: AsyncIterable<unknown[]>;
  /** The answer's other members (`truncated`...), complete once `rows` has ended. */
  extras: Record<string, unknown>;
  /** Leaves the answer unread (none of its rows are wanted): the service stops. */
  cancel(): Promise<void>;
  /** The answer's CSV bytes when the service answered CSV; `columns` and `rows` are then empty. */
  csv?: AsyncIterable<Uint8Array>;
}

/** How a run-SQL answer is read. */
export interface SqlReadOptions {
  signal?: AbortSignal;
  /** Longest silence while rows arrive (`--timeout`). */
  idleMs: number;
  /** Asks the local gateway for CSV first; a hosted zone answers JSON only, so it is not asked. */
  csv?: boolean;
}

/** Run SQL, its rows read as they arrive, in constant memory; leaving early cancels the service's work. */
export async function openSqlResult(http: Http, projectId: string, body: ExecuteRequest, format: ResultFormat, options: SqlReadOptions): Promise<SqlResult> {
  const path = apiPath`/data/projects/${projectId}/queries/execute`;
  // A statement may write (INSERT into a stored table); a saved query, run by id or name, reads.
  const accept = options.csv && http.localGateway ? 'text/csv, application/json;q=0.5' : undefined;
  const response = await http.open({ method: 'POST', path, query: { format }, body, readOnly: !('statement' in body) || readsOnly(body.statement), accept });
  if (!response) throw new MalformedResponseError('no answer');
  const what = `the answer to POST ${path}`;
  const type = response.header('content-type') ?? '';
  if (options.csv && /^text\/csv\b/i.test(type)) {
    const bytes = bodyChunks(response, { ...options, what });
    return { columns: [], rows: (async function* () {})(), extras: {}, csv: bytes, cancel: () => response.cancel() };
  }
  if (type.includes('text/html')) {
    await response.cancel().catch(() => undefined);
    throw new MalformedResponseError(`the service sent an HTML page instead of JSON (HTTP ${response.status}); is the base URL right?`, response.status);
  }
  const extras: Record<string, unknown> = {};
  let columns: unknown;
  const elements = streamArrayMember(
    bodyChunks(response, { ...options, what }),
    'data',
    (key, text) => {
      if (key === 'columns') columns = parseJsonExact(text, 'as-string');
      else extras[key] = parseJsonExact(text, 'as-string');
    },
    (run) => parseRows(run, response.status, what),
  );
  const read = async (): Promise<IteratorResult<unknown[]>> => {
    try {
      return await elements.next();
    } catch (error) {
      throw readError(error, response.status, what, options);
    }
  };
  // The columns come before the rows in every known answer; rows that come first wait for them.
  const early: unknown[][] = [];
  let next = await read();
  while (columns === undefined && !next.done) {
    early.push(next.value);
    next = await read();
  }
  if (columns !== undefined && !Array.isArray(columns)) throw new MalformedResponseError(`${what} has columns that are not a list`, response.status);
  const list = (Array.isArray(columns) ? columns : []) as ResultColumn[];
  const typed = oneTypePerColumn(list);
  async function* rows(): AsyncGenerator<unknown[]> {
    try {
      for (const batch of early) yield typed(batch);
      while (!next.done) {
        yield typed(next.value);
        next = await read();
      }
    } finally {
      // Left early: the rest of the answer is not wanted, and the service stops.
      if (!next.done) await elements.return(undefined).catch(() => undefined);
    }
  }
  const cancel = async () => {
    if (!next.done) await elements.return(undefined).catch(() => undefined);
  };
  return { columns: list.map((c) => ({ ...c, columnName: String(c?.columnName ?? '') })), rows: rows(), extras, cancel };
}

/** Gives each column one JSON type by the types the answer names, since a service may send a BIGINT as a number. */
function oneTypePerColumn(columns: ResultColumn[]): (batch: unknown[]) => unknown[] {
  const fixes = columns.flatMap((c, index) => {
    const type = numberJsonType(c.dataType);
    return type === undefined ? [] : [{ index, name: c.columnName, fix: type === 'string' ? numberAsString : stringAsNumber }];
  });
  if (fixes.length === 0) return (batch) => batch;
  return (batch) => {
    for (const row of batch) {
      if (Array.isArray(row)) {
        for (const { index, fix } of fixes) row[index] = fix(row[index]);
      } else if (row !== null && typeof row === 'object') {
        const record = row as Record<string, unknown>;
        for (const { name, fix } of fixes) if (name in record) record[name] = fix(record[name]);
      }
    }
    return batch;
  };
}

/** A number read exactly (a small one; a huge one is a string already) as its digits. */
function numberAsString(value: unknown): unknown {
  return typeof value === 'number' ? String(value) : value;
}

function stringAsNumber(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value) ? Number(value) : value;
}

/** One plain JSON.parse for the run when no number could lose a digit, else the exact reader. */
function parseRows(run: string, status: number, what: string): unknown[] {
  try {
    return (mayLoseDigits(run) ? parseJsonExact(`[${run}]`, 'as-string') : JSON.parse(`[${run}]`)) as unknown[];
  } catch {
    throw new MalformedResponseError(`${what} is not the JSON it should be: a row does not parse`, status);
  }
}

function readError(error: unknown, status: number, what: string, options: SqlReadOptions): Error {
  if (error instanceof JsonStreamError) {
    if (error.cutShort) return bodyError(new Error(error.message), { ...options, what });
    return new MalformedResponseError(`${what} is not the JSON it should be: ${error.message}`, status);
  }
  return bodyError(error, { ...options, what });
}

/** Whether a statement only reads, by its first word; anything unsure (WITH may lead to an INSERT) counts as a change. */
export function readsOnly(statement: string): boolean {
  const start = statement.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/, '');
  const word = /^[A-Za-z]+/.exec(start)?.[0].toUpperCase();
  if (word === 'EXPLAIN') return !/\bANALY[SZ]E\b/i.test(start);
  return word !== undefined && ['SELECT', 'FROM', 'VALUES', 'TABLE', 'SHOW', 'DESCRIBE', 'SUMMARIZE'].includes(word);
}
