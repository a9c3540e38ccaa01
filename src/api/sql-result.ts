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
  /**
   * The rows in batches as they arrive, each parsed keeping every digit, and numbers given one
   * JSON type per column by the column's type where the answer names it (api/exact-numbers.ts); read once.
   */
  rows: AsyncIterable<unknown[]>;
  /** The answer's other members (`truncated`...), complete once `rows` has ended. */
  extras: Record<string, unknown>;
  /** Leaves the answer unread (none of its rows are wanted): the service stops. */
  cancel(): Promise<void>;
  /**
   * The answer's bytes, when the service answered CSV (asked for with `csv`; the local gateway
   * does for most SELECTs): the CSV dgw prints, header line first; `columns` and `rows` are then empty.
   */
  csv?: AsyncIterable<Uint8Array>;
}

/** How a run-SQL answer is read. */
export interface SqlReadOptions {
  signal?: AbortSignal;
  /** Longest silence while rows arrive (`--timeout`). */
  idleMs: number;
  /**
   * Asks the local gateway for CSV first (`Accept: text/csv`); a hosted zone's run SQL answers
   * JSON only, and is not asked. An answer in JSON is read as ever.
   */
  csv?: boolean;
}

/**
 * Run SQL (`POST .../queries/execute`), its answer read as it arrives: the columns first, then
 * each row as soon as it is complete, so a result of any size goes through in constant memory.
 * Leaving the rows early (`--limit`) cancels the answer, which stops the service's work.
 */
export async function openSqlResult(http: Http, projectId: string, body: ExecuteRequest, format: ResultFormat, options: SqlReadOptions): Promise<SqlResult> {
  const path = apiPath`/data/projects/${projectId}/queries/execute`;
  // A statement may write (INSERT into a stored table); a saved query, run by id or name, reads.
  const accept = options.csv && http.localGateway ? 'text/csv, application/json;q=0.5' : undefined;
  const answer = await http.open({ method: 'POST', path, query: { format }, body, readOnly: !('statement' in body) || readsOnly(body.statement), accept });
  if (!answer) throw new MalformedResponseError('no answer');
  const response = answer;
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

/**
 * What gives a batch of rows one JSON type per column (the column rule of api/exact-numbers.ts),
 * by the types the answer names: a service may send a BIGINT or a wide DECIMAL as numbers, which
 * the exact reader leaves numbers when small and makes strings when huge, so such a column's
 * numbers are made strings (their digits, exactly); in a column of numbers, a number's text is
 * made the number. Rows are changed in place; columns of no known type are left as read.
 */
function oneTypePerColumn(columns: ResultColumn[]): (batch: unknown[]) => unknown[] {
  const fixes = columns.flatMap((c, index) => {
    const type = numberJsonType(c.dataType ?? undefined);
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

/**
 * A number's text as the number, in a column whose type a double always holds (the exact reader
 * makes 1e+300 in a DOUBLE column a string, judging the value alone); NaN and Infinity stay strings.
 */
function stringAsNumber(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value) ? Number(value) : value;
}

/**
 * A run of rows (their JSON texts, commas between): one plain JSON.parse for all of them when no
 * number in them could lose a digit (the usual case), else the exact reader.
 */
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

/**
 * Whether a statement can only read, by its first word (after comments and parentheses): what a
 * failure then says was sent. Anything it cannot be sure of (WITH, which may lead to an INSERT)
 * counts as a change.
 */
export function readsOnly(statement: string): boolean {
  const start = statement.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/, '');
  const word = /^[A-Za-z]+/.exec(start)?.[0].toUpperCase();
  if (word === 'EXPLAIN') return !/\bANALY[SZ]E\b/i.test(start);
  return word !== undefined && ['SELECT', 'FROM', 'VALUES', 'TABLE', 'SHOW', 'DESCRIBE', 'SUMMARIZE'].includes(word);
}
