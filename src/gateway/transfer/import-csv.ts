import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Static } from 'typebox';
import { someNames } from '../../impact/listing.js';
import type { ImportRequest } from '../../wire/transfer.js';
import { headRecords, MAX_COLUMNS, numberedRecords } from '../../transfer/csv-records.js';
import { badRequest, conflict, duckMessage, HttpError, sqlError } from '../errors.js';
import { duckFault } from '../faults.js';
import type { ColumnInfo, ColumnSpec, ProjectStore, TableInfo } from '../project/index.js';
import { createTableSql, table as readTable } from '../project/tables.js';
import { rows } from '../project/index.js';
import { memoryLimitReached } from '../limits.js';
import { commit } from '../request-scope.js';
import { aType, ident, literal, qualified } from '../sql.js';
import { columnRead, exactGuard, firstInexact, isInexact, valueInto, type ColumnRead } from './exact-values.js';
import { lineText, shown } from '../../transfer/line-text.js';

/** One mapping of the import's `request` part, checked: a column of the table and a column of the file. */
export interface Mapping {
  target: ColumnInfo;
  /** 0-based position in the file. */
  source: number;
}

/** What an import did, for its ImportJob. */
export interface ImportOutcome {
  id: string;
  startTime: number;
  endTime: number;
  rowCount: number;
}

const FIRST_LINE_MAX = 1 << 20;

/** Imports a CSV file into a stored table with DuckDB's reader, all or nothing: the first bad line refuses it, naming the line. */
export async function importCsvFile(project: ProjectStore, tableName: string, requestText: string | undefined, file: { path: string; bytes: number }, create?: ColumnSpec[]): Promise<ImportOutcome> {
  const startTime = Date.now();
  const table = create ? await tableToMake(project, tableName, create) : await readTable(project, tableName);
  if (table.columns.length === 0) throw badRequest(`table ${table.name} has no columns yet; add its columns before importing into it`);
  const request = parseRequest(requestText);
  if (file.bytes === 0) throw badRequest('the file is empty: there is nothing to import');
  const first = await firstRecord(file.path);
  // Found before DuckDB reads the file: past its buffer it fails without naming the line, or skips it silently.
  const long = file.bytes > MAX_LINE_BYTES ? await longLineStart(file.path) : undefined;
  if (long !== undefined) throw await longLine(file.path, long, table.name);
  const mappings = resolveMappings(request, table.columns, first);
  const types = first.map(() => 'VARCHAR');
  for (const m of mappings) types[m.source] = m.target.dataType;
  const reads = new Map(mappings.map((m) => [m.source, columnRead(m.target.dataType, create !== undefined)]));
  const readAs = (t: string, i: number) => reads.get(i)?.readAs ?? t;
  const scan = `rejects_${randomUUID().replace(/-/g, '')}`;
  const columns = (typeOf: (type: string, i: number) => string) => `{${types.map((t, i) => `${literal(`c${i}`)}: ${literal(typeOf(t, i))}`).join(', ')}}`;
  const rejects = `, store_rejects = true, rejects_table = ${literal(`${scan}_errors`)}, rejects_scan = ${literal(`${scan}_scans`)}, rejects_limit = 1000`;
  // The import reads some columns as text (exact-values.ts); the read that names a bad line reads every column as its type.
  const read = (withRejects: boolean) =>
    `FROM read_csv(${literal(file.path)}, auto_detect = false, header = ${request.containsHeader}, delim = ',', quote = '"', escape = '"', allow_quoted_nulls = false, columns = ${withRejects ? columns((t) => t) : columns(readAs)}${withRejects ? rejects : ''})`;
  const checked = (kind: ColumnRead['check']) => [...reads].filter(([, r]) => r.check === kind).map(([source]) => `c${source}`);
  const insert = `INSERT INTO ${qualified('table', table.name)} (${mappings.map((m) => ident(m.target.name)).join(', ')}) SELECT ${mappings.map((m) => valueInto(`c${m.source}`, m.target.dataType, reads.get(m.source)!)).join(', ')} ${read(false)} ${exactGuard(checked('whole'), checked('decimals'))}`;
  const columnOf = (source: number) => (request.containsHeader ? JSON.stringify(first[source]) : String(source + 1));
  const refused = `the import into ${table.name} was refused, and nothing was imported`;
  // A connection of its own: the reader's tables of rejected lines are temporary, and go with it.
  const rowCount = await project.withOwnConnection(async (conn) => {
    // Only a file that fails is read again, keeping rejects, since the reader's error counts records, not lines.
    try {
      return await inTransaction(conn, async () => {
        if (create) await conn.run(createTableSql(table.name, create));
        return (await conn.run(insert)).rowsChanged;
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const failure = duckMessage(error);
      const memory = memoryLimitReached(failure, project.limits);
      if (memory) throw memory;
      // A full disk at the commit is the disk's fault, not the file's.
      const fault = duckFault(error, { projectId: project.id, file: project.file });
      if (fault) throw fault;
      // Another request changed the table meanwhile: a conflict a retry may resolve, not a bad file.
      const now = await readTable(project, table.name).catch(() => undefined);
      const raced = /write-write conflict|conflict on/i.test(failure);
      if (create ? now !== undefined || raced : !now || raced) throw conflict(`table ${table.name} was ${create ? 'made' : now ? 'changed' : 'dropped'} by another request while the import ran; nothing was imported`);
      const inexact = isInexact(failure) ? await firstInexact(file.path, reads, request.containsHeader) : undefined;
      if (inexact) {
        const into = mappings.find((m) => m.source === inexact.source)!.target;
        const why = /e/i.test(inexact.value) ? 'it is written with an exponent' : `it has more than 3 decimals, which ${into.dataType} would round`;
        const what = inexact.check === 'whole' ? `is not a whole number, and ${into.name} is ${into.dataType}` : `is not ${aType(into.dataType)}: ${why}`;
        throw badRequest(`${refused}: line ${inexact.line}: ${JSON.stringify(inexact.value)} in column ${columnOf(inexact.source)} ${what} (the line: ${await lineText(file.path, inexact.line)})`, 'CSV_ERROR');
      }
      // A read with no insert: a table's constraint failing too would abort the transaction holding the rejected lines.
      await conn.run(`SELECT ${mappings.map((m) => `count(${ident(`c${m.source}`)})`).join(', ')} ${read(true)}`).catch(() => undefined);
      const [reject] = await rows(conn, `SELECT line, line_byte_position, column_name, error_type, csv_line, error_message FROM ${ident(`${scan}_errors`)} ORDER BY line LIMIT 1`).catch(() => []);
      if (reject) throw await rejection(reject, file.path, first, mappings, request.containsHeader, table.name);
      const notNull = table.columns.find((c) => failure.includes(`NOT NULL constraint failed: ${table.name}.${c.name}`));
      const source = mappings.find((m) => m.target === notNull)?.source;
      if (notNull && source === undefined) throw badRequest(`${refused}: column ${notNull.name} is NOT NULL, and no column of the file goes into it`, 'CSV_ERROR');
      for await (const { line, record } of source === undefined ? [] : numberedRecords(createReadStream(file.path))) {
        if (record[source!] === null && (line > 1 || !request.containsHeader)) {
          throw badRequest(`${refused}: line ${line}: column ${columnOf(source!)} is empty, and ${notNull!.name} is NOT NULL (the line: ${await lineText(file.path, line)})`, 'CSV_ERROR');
        }
      }
      throw sqlError(`the import into ${table.name} was refused, and nothing was imported: ${failure}`);
    }
  });
  return { id: randomUUID(), startTime, endTime: Date.now(), rowCount };
}

/** The table `--create` asks for, made in the import's own transaction so it exists only if the import commits. */
async function tableToMake(project: ProjectStore, name: string, columns: ColumnSpec[]): Promise<TableInfo> {
  if (await readTable(project, name).then(() => true, () => false)) throw conflict(`table ${name} already exists`);
  return { name, schema: 'table', columns: columns.map((c) => ({ name: c.name, dataType: c.dataType, notNull: c.notNull, unique: c.unique, defaultValue: c.defaultValue })) };
}

async function inTransaction<T>(conn: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await conn.run('BEGIN');
  try {
    const result = await work();
    await commit(conn);
    return result;
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

type ImportRequestBody = Static<typeof ImportRequest>;

function parseRequest(text: string | undefined): ImportRequestBody {
  if (text === undefined) throw badRequest('the import needs a "request" part: {"mappings": [...], "containsHeader": true|false}');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw badRequest(`the "request" part is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('the "request" part must be a JSON object');
  const { mappings, containsHeader } = body as Record<string, unknown>;
  if (typeof containsHeader !== 'boolean') throw badRequest('request.containsHeader must be true or false');
  if (!Array.isArray(mappings) || mappings.length === 0) throw badRequest('request.mappings must list at least one column: [{"name": ..., "csvColumnName" or "csvColumnIndex": ...}]');
  return {
    containsHeader,
    mappings: mappings.map((m, i) => {
      if (typeof m !== 'object' || m === null) throw badRequest(`request.mappings[${i}] must be an object`);
      const { name, csvColumnName, csvColumnIndex } = m as Record<string, unknown>;
      if (typeof name !== 'string' || name === '') throw badRequest(`request.mappings[${i}].name must name a column of the table`);
      const byName = csvColumnName ?? undefined;
      const byIndex = csvColumnIndex ?? undefined;
      if ((byName === undefined) === (byIndex === undefined)) throw badRequest(`request.mappings[${i}] needs exactly one of csvColumnName and csvColumnIndex`);
      if (byName !== undefined && typeof byName !== 'string') throw badRequest(`request.mappings[${i}].csvColumnName must be a string`);
      if (byIndex !== undefined && !(Number.isInteger(byIndex) && (byIndex as number) >= 0)) throw badRequest(`request.mappings[${i}].csvColumnIndex must be a whole number from 0`);
      return { name, csvColumnName: byName as string | undefined, csvColumnIndex: byIndex as number | undefined };
    }),
  };
}

async function firstRecord(path: string): Promise<string[]> {
  const head = await bytesAt(path, 0, FIRST_LINE_MAX);
  const whole = head.length < FIRST_LINE_MAX;
  // Non-UTF-8 bytes read as U+FFFD: in the first record they refuse the file; later lines are DuckDB's to judge.
  const text = new TextDecoder('utf-8').decode(head, { stream: !whole });
  const [record] = headRecords(text, ',', 1, whole).records;
  if (!record) throw badRequest(`the first line of the file is longer than ${FIRST_LINE_MAX} bytes`, 'CSV_ERROR');
  if (record.length > MAX_COLUMNS) throw badRequest(`the file's first line has ${record.length} columns; an import takes at most ${MAX_COLUMNS.toLocaleString('en-US')}`, 'CSV_ERROR');
  if (record.some((field) => field.includes('\uFFFD'))) throw badRequest('line 1 is not UTF-8 text: the file must be UTF-8 (convert it first, e.g. iconv -f latin1 -t utf-8)', 'CSV_ERROR');
  return record;
}

/** Each mapping as a column of the table and a position in the file; 400 for what does not exist. */
export function resolveMappings(request: ImportRequestBody, columns: ColumnInfo[], first: string[]): Mapping[] {
  const seen = new Set<string>();
  // Maps, not lists, so a very wide file is mapped in linear time.
  const byName = new Map<string, ColumnInfo>();
  for (const c of columns) if (!byName.has(c.name.toLowerCase())) byName.set(c.name.toLowerCase(), c);
  const headerAt = new Map<string, number[]>();
  for (const [i, h] of first.entries()) {
    const at = headerAt.get(h);
    if (at) at.push(i);
    else headerAt.set(h, [i]);
  }
  return request.mappings.map((m) => {
    const target = byName.get(m.name.toLowerCase());
    if (!target) throw badRequest(`the table has no column ${m.name} (its columns: ${someNames(columns.map((c) => c.name), 20)})`);
    if (seen.has(target.name)) throw badRequest(`column ${target.name} is mapped twice`);
    seen.add(target.name);
    if (m.csvColumnIndex !== undefined) {
      if (m.csvColumnIndex >= first.length) throw badRequest(`csvColumnIndex ${m.csvColumnIndex} of ${m.name}: the file's first line has ${first.length} column${first.length === 1 ? '' : 's'} (0 to ${first.length - 1})`);
      return { target, source: m.csvColumnIndex };
    }
    if (!request.containsHeader) throw badRequest(`csvColumnName of ${m.name} needs a header line (containsHeader: true); without one, map by csvColumnIndex`);
    const [source, again] = headerAt.get(m.csvColumnName!) ?? [];
    if (source === undefined) throw badRequest(`the file's header has no column ${JSON.stringify(m.csvColumnName)} (it has: ${someNames(first.map((h) => JSON.stringify(h)), 20)})`);
    if (again !== undefined) throw badRequest(`the file's header names ${JSON.stringify(m.csvColumnName)} twice (columns ${source + 1} and ${again + 1}): which goes to ${target.name} cannot be told; map it by csvColumnIndex`);
    return { target, source };
  });
}


async function rejection(reject: Record<string, unknown>, path: string, first: string[], mappings: Mapping[], header: boolean, table: string): Promise<HttpError> {
  const line = await lineAt(path, Number(reject.line_byte_position));
  const position = /^c(\d+)$/.exec(String(reject.column_name ?? ''));
  const index = position ? Number(position[1]) : undefined;
  const mapped = index === undefined ? undefined : mappings.find((m) => m.source === index);
  const column = index === undefined ? undefined : header ? `${JSON.stringify(first[index])}${mapped && mapped.target.name !== first[index] ? ` (into ${mapped.target.name})` : ''}` : `${index + 1}${mapped ? ` (into ${mapped.target.name})` : ''}`;
  const message = String(reject.error_message ?? '');
  const type = String(reject.error_type ?? '');
  let what: string;
  if (type === 'CAST') {
    const value = /Could not convert string "(.*)" to/s.exec(message)?.[1];
    what = `${value === undefined ? 'a value' : JSON.stringify(value)} in column ${column} is not ${mapped ? aType(mapped.target.dataType) : 'a value of its column\'s type'}`;
  } else if (type === 'MISSING COLUMNS' || type === 'TOO MANY COLUMNS') {
    const found = /Found: (\d+)/.exec(message)?.[1];
    what = `it has ${found ?? (type === 'MISSING COLUMNS' ? 'fewer' : 'more')} field${found === '1' ? '' : 's'}, where the file's first line has ${first.length}`;
  } else if (type === 'INVALID ENCODING' || /unicode|utf-?8/i.test(message)) {
    what = 'it is not UTF-8 text: the file must be UTF-8 (convert it first, e.g. iconv -f latin1 -t utf-8)';
  } else {
    what = message.replace(/"c(\d+)"/g, (_m, i: string) => JSON.stringify(first[Number(i)] ?? `column ${Number(i) + 1}`));
  }
  return new HttpError(400, `the import into ${table} was refused, and nothing was imported: line ${line}: ${what} (the line: ${shown(String(reject.csv_line ?? '').replace(/^\r?\n/, ''))})`, 'CSV_ERROR');
}

/** The longest line DuckDB's CSV reader takes (its max_line_size). */
const MAX_LINE_BYTES = 2_000_000;

/** Where the first too-long line starts, if any: DuckDB's parallel reader skips a line past its buffer without a word. */
async function longLineStart(path: string): Promise<number | undefined> {
  const handle = await open(path, 'r');
  try {
    const piece = Buffer.allocUnsafe(1 << 20);
    let lineStart = 0;
    for (let offset = 0; ; ) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, offset);
      if (bytesRead === 0) return offset - lineStart > MAX_LINE_BYTES ? lineStart : undefined;
      const chunk = piece.subarray(0, bytesRead);
      const first = chunk.indexOf(10);
      if (first < 0 ? offset + bytesRead - lineStart > MAX_LINE_BYTES : offset + first - lineStart > MAX_LINE_BYTES) return lineStart;
      if (first >= 0) lineStart = offset + chunk.lastIndexOf(10) + 1;
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

async function longLine(path: string, start: number, table: string): Promise<HttpError> {
  const head = new TextDecoder().decode(await bytesAt(path, start, 120), { stream: true });
  return badRequest(`the import into ${table} was refused, and nothing was imported: line ${await lineAt(path, start)}: it is longer than ${MAX_LINE_BYTES.toLocaleString('en-US')} bytes, the most a line may hold (the line: ${head}…)`, 'CSV_ERROR');
}

async function bytesAt(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function lineAt(path: string, offset: number): Promise<number> {
  if (!Number.isFinite(offset) || offset <= 0) return 1;
  let lines = 1;
  for await (const chunk of createReadStream(path, { start: 0, end: offset - 1, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  return lines;
}
