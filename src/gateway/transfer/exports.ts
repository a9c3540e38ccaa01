import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, duckMessage, notFound } from '../errors.js';
import { diskIsFull, FAULT_CODES } from '../faults.js';
import type { CloseOptions, ProjectStore } from '../project/index.js';
import { withViews } from '../project/views.js';
import { sourceProblem } from '../project/connections.js';
import { rows } from '../project/index.js';
import { mapBounded } from '../bounded-map.js';
import { ranOutOfTime } from '../limits.js';
import { heldUntil, jobStatements } from '../request-scope.js';
import { endJobs, runInTurn } from '../project/job-slots.js';
import { ident, literal, qualified } from '../sql.js';
import { writeJsonLines } from './json-lines.js';
import { withoutSecretFolder } from './secret-folder.js';

/** The states of an export job. */
export type ExportStatus = 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** What an export was asked to write. */
export interface ExportSpec {
  format: 'CSV' | 'JSONL';
  compression: 'NONE' | 'GZIP';
  columns?: string[];
  limit?: number;
  csv: { delimiter: string; quote: string; newLine: '\n' | '\r\n'; header: boolean; nullValue: string };
}

/** An export job as the gateway keeps it (`job.json` beside its files). */
export interface ExportRecord {
  id: string;
  status: ExportStatus;
  spec: ExportSpec;
  /** A query export's query, or a table export's catalog, schema and table. */
  queryId?: string;
  catalogId?: string;
  schemaName?: string;
  tableName?: string;
  source: string;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  rowCount?: number;
  bytes?: number;
  error?: string;
  /** DISK_FULL when the fault was this machine's. */
  errorCode?: typeof FAULT_CODES.diskFull;
  files: Array<{ name: string; bytes: number }>;
  clientSource?: string;
}

/** What an export reads: a saved query, or a table of a catalog. */
export type ExportTarget = { queryId: string } | { catalogId: string; schemaName: string; tableName: string };

/** Where a target's rows are read, what it is called in messages and its file name, and the record's fields for it. */
interface Resolved {
  from: string;
  label: string;
  fileStem: string;
  fields: Pick<ExportRecord, 'queryId' | 'catalogId' | 'schemaName' | 'tableName' | 'source'>;
}

interface Running {
  /** Aborted to cancel, and only then: ends its wait for a turn, or interrupts its statements. */
  stop: AbortController;
  done: Promise<void>;
}

/** How long a finished export's files are kept (status EXPIRED then). */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Job records read at once: overlapping reads while leaving descriptors and threads to the rest. */
const LIST_READS = 16;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One project's export jobs, written in the background (CSV by DuckDB's COPY, JSON Lines by run SQL's writers); a `job.json` lets each outlive its process, and files are renamed into place when whole. */
export class ProjectExports {
  private readonly running = new Map<string, Running>();
  private readonly dir: string;

  constructor(
    private readonly project: ProjectStore,
    private readonly now: () => number,
  ) {
    this.dir = join(project.transferDir, 'exports');
  }

  /** Starts an export of a saved query or a catalog's table; answers the PENDING job. */
  async submit(target: ExportTarget, spec: ExportSpec, clientSource: string | undefined): Promise<ExportRecord> {
    const { from, label, fileStem, fields } = await this.resolve(target);
    const describe = () => this.project.withConnection((conn) => rows(conn, `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${from})`));
    const described = await withViews(this.project, describe).catch((error: unknown) => {
      throw sourceProblem(this.project, badRequest(`${label} cannot be read now: ${duckMessage(error)}`));
    });
    const available = described.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
    const picked = (spec.columns ?? available.map((c) => c.name)).map((name) => {
      const found = available.find((c) => c.name === name) ?? available.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!found) throw badRequest(`${label} has no column ${JSON.stringify(name)} (its columns: ${available.map((c) => c.name).join(', ')})`);
      return found;
    });
    // DuckDB would write the second as name_1: a header that no longer says what was asked.
    const twice = picked.find((c, i) => picked.indexOf(c) !== i);
    if (twice) throw badRequest(`columns names ${JSON.stringify(twice.name)} twice; list each column once`);
    // Before another file is written, jobs a killed gateway left (their partial files) and finished ones past retention give their disk back.
    await this.list().catch(() => undefined);
    const record: ExportRecord = {
      id: process.getBuiltinModule('node:crypto').randomUUID(),
      status: 'PENDING',
      spec,
      ...fields,
      createdAt: this.now(),
      files: [],
      ...(clientSource ? { clientSource } : {}),
    };
    // Known as running before its record exists: a read in between must not take it for a job left by an earlier gateway.
    const job: Running = { stop: new AbortController(), done: Promise.resolve() };
    this.running.set(record.id, job);
    try {
      await mkdir(join(this.dir, record.id), { recursive: true, mode: 0o700 });
      await this.save(record);
    } catch (error) {
      this.running.delete(record.id);
      throw error;
    }
    // The job outlives the request that started it: only its own time limit stops it.
    const limits = this.project.limits;
    const limit = { ms: limits.statementTimeoutMs, reason: () => ranOutOfTime(limits, 'export', 'its partial file was removed') };
    // PENDING until its turn: a COPY holds one of the threads requests need.
    job.done = runInTurn(job.stop.signal, limit, () => this.run(record, job, from, picked, fileStem));
    return record;
  }

  /** A saved query's or a table's place in SQL (404 naming what is missing). */
  private async resolve(target: ExportTarget): Promise<Resolved> {
    if ('queryId' in target) {
      const q = await this.project.query(target.queryId);
      const schema = q.queryType === 'PLAIN' ? 'query' : 'mtquery';
      return { from: qualified(schema, q.name), label: `query ${q.name}`, fileStem: `query_${q.id}_${q.name}`, fields: { queryId: q.id, source: `svc.${schema}.${ident(q.name)}` } };
    }
    const { catalogId, schemaName, tableName } = target;
    const [{ browse, catalogPlace }, { columns }] = await Promise.all([import('../project/catalog-place.js'), import('../project/catalog-browse.js')]);
    const place = catalogPlace(this.project, catalogId);
    await browse(this.project, place, (conn) => columns(conn, place, schemaName, tableName));
    return {
      from: `${ident(place.database)}.${ident(schemaName)}.${ident(tableName)}`,
      label: `table ${schemaName}.${tableName}`,
      fileStem: `table_${catalogId}_${tableName}`,
      fields: { catalogId, schemaName, tableName, source: `${place.catalog.name}.${ident(schemaName)}.${ident(tableName)}` },
    };
  }

  /** One job (404 for an unknown id); a finished one past its retention has its files removed, and is EXPIRED. */
  async get(id: string): Promise<ExportRecord> {
    const record = await this.loadCurrent(id);
    if (!record) throw notFound(`export ${id} not found in project ${this.project.id}`);
    return record;
  }

  /** Resolves when job `id` runs no more, after `ms` at most, or on abort, so `?waitMs=` answers as soon as the job ends. */
  async settled(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    const job = this.running.get(id);
    if (job) await heldUntil(job.done, ms, signal);
  }

  /** Every job, newest first; one whose record is missing or damaged is left out. */
  async list(): Promise<ExportRecord[]> {
    const ids = await readdir(this.dir).catch(() => [] as string[]);
    const records = await mapBounded(ids, LIST_READS, (id) => this.loadCurrent(id));
    return records.filter((r): r is ExportRecord => r !== undefined).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }

  /** Cancels a PENDING or RUNNING job and removes its partial files; a finished job is left as it is. */
  async cancel(id: string): Promise<void> {
    await this.get(id);
    const job = this.running.get(id);
    if (!job) return;
    job.stop.abort();
    await job.done;
  }

  folder(id: string): string {
    return join(this.dir, id);
  }

  /** Whether these are the exports of this open project (not of one closed since). */
  isFor(project: ProjectStore): boolean {
    return this.project === project;
  }

  /** Waits for running jobs (`wait`, until `signal` aborts), then cancels what still runs. */
  async close(options: CloseOptions): Promise<void> {
    await endJobs(this.running, options, (id) => this.cancel(id).catch(() => undefined));
  }

  private async run(record: ExportRecord, job: Running, from: string, columns: Array<{ name: string; type: string }>, fileStem: string): Promise<void> {
    const { spec } = record;
    const extension = `${spec.format === 'CSV' ? 'csv' : 'jsonl'}${spec.compression === 'GZIP' ? '.gz' : ''}`;
    // A table name is any text a connected DuckDB file holds: it becomes one segment of the file name, never a path.
    const name = `${fileStem.replace(/[^\w.-]/g, '_')}.${extension}`;
    const final = join(this.dir, record.id, name);
    const part = `${final}.part`;
    let conn: DuckDBConnection | undefined;
    try {
      if (job.stop.signal.aborted) throw new Error('cancelled');
      const opened = (conn = await this.project.connect());
      await this.save({ ...record, status: 'RUNNING', startedAt: this.now() }, record);
      const select = `SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${from}${spec.limit === undefined ? '' : ` LIMIT ${spec.limit}`}`;
      const rowCount = await jobStatements(opened, job.stop.signal, () =>
        spec.format === 'JSONL'
          ? writeJsonLines(this.project, opened, select, part, spec.compression === 'GZIP')
          : this.project.sandbox.exportRows(opened, `COPY (${select}) TO ${literal(part)} (${csvCopyOptions(spec)})`),
      );
      if (job.stop.signal.aborted) throw new Error('cancelled');
      await rename(part, final);
      const bytes = (await stat(final)).size;
      await this.save({ ...record, status: 'SUCCEEDED', finishedAt: this.now(), rowCount, bytes, files: [{ name, bytes }] }, record);
    } catch (error) {
      await rm(part, { force: true });
      await rm(final, { force: true });
      const status: ExportStatus = job.stop.signal.aborted ? 'CANCELLED' : 'FAILED';
      await this.save({ ...record, status, finishedAt: this.now(), ...(status === 'FAILED' ? failure(error, record.id, join(this.dir, record.id)) : {}) }, record).catch(() => undefined);
    } finally {
      conn?.closeSync();
      this.running.delete(record.id);
    }
  }

  /** The job as it stands now, undefined when its record is missing or damaged; whether it ran before the load tells a job that just finished from one an earlier gateway left. */
  private async loadCurrent(id: string): Promise<ExportRecord | undefined> {
    const runningAtLoad = this.running.has(id);
    const record = await this.load(id);
    if (!record) return undefined;
    const unfinished = record.status === 'PENDING' || record.status === 'RUNNING';
    if (unfinished && !runningAtLoad && !this.running.has(record.id)) return this.abandoned(record);
    return this.expire(record);
  }

  /** Only the process holding the data folder runs its jobs, so one marked running but not here was abandoned: FAILED. */
  private async abandoned(record: ExportRecord): Promise<ExportRecord> {
    const folder = join(this.dir, record.id);
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (name !== 'job.json' && !record.files.some((f) => f.name === name)) await rm(join(folder, name), { force: true });
    }
    const failed: ExportRecord = {
      ...record,
      status: 'FAILED',
      finishedAt: this.now(),
      error: 'the gateway stopped while this export ran (it was killed, or its machine stopped): its partial file was removed; export it again',
    };
    await this.save(failed, record);
    return failed;
  }

  private async expire(record: ExportRecord): Promise<ExportRecord> {
    if (record.status !== 'SUCCEEDED' || record.createdAt + EXPORT_RETENTION_MS > this.now()) return record;
    for (const f of record.files) await rm(join(this.dir, record.id, f.name), { force: true });
    const expired: ExportRecord = { ...record, status: 'EXPIRED', files: [] };
    await this.save(expired, record);
    return expired;
  }

  /** Writes the job's file whole (a new file renamed over the old); `into` takes the new values too. */
  private async save(record: ExportRecord, into?: ExportRecord): Promise<void> {
    if (into) Object.assign(into, record);
    const file = join(this.dir, record.id, 'job.json');
    // A name of its own: two reads may bring the same job up to date at once.
    const temp = `${file}.${process.getBuiltinModule('node:crypto').randomUUID()}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(record), { mode: 0o600 });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async load(id: string): Promise<ExportRecord | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, id, 'job.json'), 'utf8')) as ExportRecord;
    } catch {
      return undefined;
    }
  }
}

/** A full disk is this machine's fault, not the query's, and says so with DISK_FULL; else DuckDB's message. */
function failure(error: unknown, id: string, folder: string): Pick<ExportRecord, 'error' | 'errorCode'> {
  if (!diskIsFull(error)) return { error: withoutSecretFolder(duckMessage(error)) };
  return {
    error: withoutSecretFolder(`the disk is full: export ${id} could not be written to ${folder} (${duckMessage(error)}); its partial file was removed; free some space on the disk holding that folder, then export it again`),
    errorCode: FAULT_CODES.diskFull,
  };
}

function csvCopyOptions(spec: ExportSpec): string {
  const options = [
    'FORMAT csv',
    `HEADER ${spec.csv.header}`,
    `DELIMITER ${literal(spec.csv.delimiter)}`,
    `QUOTE ${literal(spec.csv.quote)}`,
    `ESCAPE ${literal(spec.csv.quote)}`,
    `NULLSTR ${literal(spec.csv.nullValue)}`,
    `NEW_LINE ${literal(spec.csv.newLine === '\n' ? '\\n' : '\\r\\n')}`,
  ];
  if (spec.compression === 'GZIP') options.push("COMPRESSION 'gzip'");
  return options.join(', ');
}
