import Type from 'typebox';
import { Closed, Opt } from './common.js';

/** One column of a CSV import: the table column, and the CSV column by header name or 0-based position. */
export const ImportMapping = Closed({
  name: Type.String(),
  csvColumnName: Opt(Type.String()),
  csvColumnIndex: Opt(Type.Integer({ minimum: 0 })),
});

/** The `request` part of an import (a JSON text): the mappings, and whether the file has a header line. */
export const ImportRequest = Closed({
  mappings: Type.Array(ImportMapping),
  containsHeader: Type.Boolean(),
});

/** What an import answers: the job, with its status and what it did (`result`). */
export const ImportJob = Closed({
  id: Opt(Type.String()),
  status: Opt(Type.String()),
  startTime: Opt(Type.Integer()),
  endTime: Opt(Type.Integer()),
  progress: Opt(Type.Integer()),
  result: Opt(Type.Record(Type.String(), Type.Unknown())),
});

/** How an export writes CSV (ignored for JSONL). */
export const ExportCsvOptions = Closed({
  delimiter: Opt(Type.String()),
  quoteChar: Opt(Type.String()),
  recordSeparator: Opt(Type.String()),
  includeHeader: Opt(Type.Boolean()),
  nullValue: Opt(Type.String()),
});

/** Export formats, compressions and job states. */
export const ExportFormat = Type.Union([Type.Literal('CSV'), Type.Literal('JSONL')]);
export const ExportCompression = Type.Union([Type.Literal('NONE'), Type.Literal('GZIP')]);
export const ExportStatus = Type.Union(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'].map((s) => Type.Literal(s)));

/** Body of an export: format, compression, columns, a row limit, CSV options. */
export const ExportRequest = Closed({
  format: Opt(ExportFormat),
  limit: Opt(Type.Integer()),
  csvOptions: Opt(ExportCsvOptions),
  includeSystemColumns: Opt(Type.Boolean()),
  columns: Opt(Type.Array(Type.String())),
  compression: Opt(ExportCompression),
});

/** The answer to an export: the job's id and first status. */
export const ExportJobCreated = Closed({ id: Opt(Type.String()), status: Opt(Type.String()) });

/** A file of a finished export, with a download URL that works for a short while. */
export const ExportFile = Closed({ name: Opt(Type.String()), url: Opt(Type.String()), bytes: Opt(Type.Integer()) });

/** An export job: its state, what it made, and where it came from. */
export const ExportJobResponse = Closed({
  id: Opt(Type.String()),
  status: Opt(ExportStatus),
  format: Opt(Type.String()),
  compression: Opt(Type.String()),
  rowCount: Opt(Type.Integer()),
  bytes: Opt(Type.Integer()),
  durationMs: Opt(Type.Integer()),
  files: Opt(Type.Array(ExportFile)),
  expiresAt: Opt(Type.String()),
  downloadable: Opt(Type.Boolean()),
  error: Opt(Type.String()),
  createdAt: Opt(Type.String()),
  queryId: Opt(Type.String()),
  catalogId: Opt(Type.String()),
  schemaName: Opt(Type.String()),
  tableName: Opt(Type.String()),
  source: Opt(Type.String()),
  userId: Opt(Type.String()),
  userName: Opt(Type.String()),
  apiKeyPrefix: Opt(Type.String()),
  clientSource: Opt(Type.String()),
});
