import { badRequest, forbidden, HttpError, notFound } from '../errors.js';
import { join } from 'node:path';
import { requestSignal } from '../request-scope.js';
import { refuseNul } from '../project/check.js';
import { BASE_PATH, Routes, type RouteContext } from '../router.js';
import type { ExportRecord, ExportSpec, ExportStatus, ExportTarget } from '../transfer/exports.js';
import { intParam, isObject, jsonObject, waitMsParam } from '../validate.js';
import { parseIsoTime } from '../../iso-time.js';

const STATUSES: readonly ExportStatus[] = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'];

/** Exports of a query or a catalog's table: submit (202 with the job), list, read (`waitMs` waits for a running job's end), cancel (204). */
export function exportRoutes(): Routes {
  const r = new Routes();
  const submit = async (c: RouteContext, target: ExportTarget) => {
    const spec = parseExportRequest(await jsonObject(c));
    const record = await c.get('gateway').exports(c.get('project')).submit(target, spec, c.req.header('user-agent'));
    return c.json({ id: record.id, status: record.status }, 202);
  };
  r.post('/queries/:queryId/exports', (c) => submit(c, { queryId: c.req.param('queryId') }));
  r.post('/catalogs/:catalogId/schemas/:schemaName/tables/:tableName/exports', (c) =>
    submit(c, { catalogId: c.req.param('catalogId'), schemaName: c.req.param('schemaName'), tableName: c.req.param('tableName') }),
  );
  r.get('/exports', async (c) => {
    const filter = statusFilter(c.req.query('status'));
    const limit = Math.min(200, Math.max(1, intParam(c.req.query('limit'), 'limit') ?? 50));
    const before = c.req.query('createdBefore');
    const beforeMs = before === undefined ? undefined : parseIsoTime(before);
    if (before !== undefined && beforeMs === undefined) throw badRequest('createdBefore must be an ISO-8601 time, e.g. 2026-06-10T15:23:26.893Z');
    const all = await c.get('gateway').exports(c.get('project')).list();
    const page = all.filter((e) => (!filter || filter.includes(e.status)) && (beforeMs === undefined || e.createdAt < beforeMs)).slice(0, limit);
    return c.json(page.map((e) => exportView(e)));
  });
  r.get('/exports/:exportId', async (c) => {
    const exports = c.get('gateway').exports(c.get('project'));
    await exports.settled(c.req.param('exportId'), waitMsParam(c), requestSignal());
    const record = await exports.get(c.req.param('exportId'));
    return c.json(exportView(record, withLinks(c, record)));
  });
  r.delete('/exports/:exportId', async (c) => {
    await c.get('gateway').exports(c.get('project')).cancel(c.req.param('exportId'));
    return c.body(null, 204);
  });
  return r;
}

/** A download link's answer: no API key needed, as with the hosted service, so it lives outside the keyed routes. */
export function downloadRoutes(): Routes {
  return new Routes().get('/data/projects/:projectId/exports/:exportId/files/:fileName', download);
}

async function download(c: RouteContext) {
    const gateway = c.get('gateway');
    const [projectId, exportId, fileName] = [c.req.param('projectId'), c.req.param('exportId'), c.req.param('fileName')];
    const verdict = gateway.links.check({ projectId, exportId, fileName }, c.req.query('expires'), c.req.query('signature'), gateway.now());
    if (verdict === 'invalid') throw forbidden('this download link is not valid (its signature does not match)');
    if (verdict === 'expired') {
      throw new HttpError(403, `this download link expired at ${new Date(Number(c.req.query('expires')) * 1000).toISOString()}; read the export again (GET .../exports/${exportId}) for a fresh link`, 'LINK_EXPIRED');
    }
    const project = await gateway.project(projectId, { create: false });
    const record = await gateway.exports(project).get(exportId);
    const file = record.files.find((f) => f.name === fileName);
    if (record.status === 'EXPIRED') throw notFound(`export ${exportId} expired: its files were removed`);
    if (!file) throw notFound(`export ${exportId} has no file ${fileName}`);
    const { fileBody } = await import('../transfer/file-body.js');
    const body = await fileBody(join(gateway.exports(project).folder(exportId), file.name));
    if (!body) throw notFound(`the file ${fileName} of export ${exportId} is gone`);
    return c.body(body.source, 200, {
      'content-type': record.spec.compression === 'GZIP' ? 'application/gzip' : record.spec.format === 'CSV' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
      'content-length': String(body.size),
      'content-disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
    });
}

function withLinks(c: RouteContext, record: ExportRecord): { files: Array<{ name: string; url: string; bytes: number }>; expiresAt: number } | undefined {
  if (record.status !== 'SUCCEEDED') return undefined;
  const gateway = c.get('gateway');
  const projectId = c.get('project').id;
  const expiresAt = gateway.now() + gateway.links.ttlMs;
  const origin = c.req.origin;
  const files = record.files.map((f) => {
    const path = `${BASE_PATH}/data/projects/${encodeURIComponent(projectId)}/exports/${record.id}/files/${encodeURIComponent(f.name)}`;
    return { name: f.name, bytes: f.bytes, url: `${origin}${path}?${gateway.links.sign({ projectId, exportId: record.id, fileName: f.name }, expiresAt)}` };
  });
  return { files, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
}

function exportView(e: ExportRecord, links?: ReturnType<typeof withLinks>): object {
  return {
    id: e.id,
    status: e.status,
    format: e.spec.format,
    compression: e.spec.compression,
    ...(e.rowCount !== undefined ? { rowCount: e.rowCount } : {}),
    ...(e.bytes !== undefined ? { bytes: e.bytes } : {}),
    ...(e.startedAt !== undefined && e.finishedAt !== undefined ? { durationMs: e.finishedAt - e.startedAt } : {}),
    ...(links ? { files: links.files, expiresAt: new Date(links.expiresAt).toISOString() } : {}),
    downloadable: e.status === 'SUCCEEDED',
    ...(e.error !== undefined ? { error: e.error } : {}),
    ...(e.errorCode !== undefined ? { errorCode: e.errorCode } : {}),
    createdAt: new Date(e.createdAt).toISOString(),
    ...(e.queryId === undefined ? { catalogId: e.catalogId, schemaName: e.schemaName, tableName: e.tableName } : { queryId: e.queryId }),
    source: e.source,
    ...(e.clientSource ? { clientSource: e.clientSource } : {}),
  };
}

/** The export request (ExportRequest), checked: 400 for anything the document does not allow. */
export function parseExportRequest(body: Record<string, unknown>): ExportSpec {
  const known = ['format', 'limit', 'csvOptions', 'includeSystemColumns', 'columns', 'compression'];
  const unknown = Object.keys(body).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw badRequest(`unknown field${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; an export takes ${known.join(', ')}`);
  const format = body.format ?? 'CSV';
  if (format !== 'CSV' && format !== 'JSONL') throw badRequest('format must be CSV or JSONL');
  const compression = body.compression ?? 'NONE';
  if (compression !== 'NONE' && compression !== 'GZIP') throw badRequest('compression must be NONE or GZIP');
  if (body.includeSystemColumns !== undefined && typeof body.includeSystemColumns !== 'boolean') throw badRequest('includeSystemColumns must be true or false');
  let columns: string[] | undefined;
  if (body.columns !== undefined && body.columns !== null) {
    if (!Array.isArray(body.columns) || body.columns.some((c) => typeof c !== 'string' || c === '')) throw badRequest('columns must be a list of column names');
    if (body.columns.length > 0) columns = body.columns as string[];
  }
  let limit: number | undefined;
  if (body.limit !== undefined && body.limit !== null) {
    if (!Number.isInteger(body.limit)) throw badRequest('limit must be a whole number');
    limit = Math.max(1, body.limit as number);
  }
  const o = body.csvOptions ?? {};
  if (!isObject(o)) throw badRequest('csvOptions must be an object');
  const char = (field: string, fallback: string) => {
    const v = o[field] ?? fallback;
    if (typeof v !== 'string' || [...v].length !== 1 || /[\r\n]/.test(v)) throw badRequest(`csvOptions.${field} must be one character`);
    refuseNul(v, `csvOptions.${field}`);
    return v;
  };
  const newLine = o.recordSeparator ?? '\n';
  if (newLine !== '\n' && newLine !== '\r\n') throw badRequest('csvOptions.recordSeparator must be "\\n" or "\\r\\n"');
  if (o.includeHeader !== undefined && typeof o.includeHeader !== 'boolean') throw badRequest('csvOptions.includeHeader must be true or false');
  if (o.nullValue !== undefined && typeof o.nullValue !== 'string') throw badRequest('csvOptions.nullValue must be a string');
  // The options go into the COPY statement's text, which ends at a NUL.
  if (typeof o.nullValue === 'string') refuseNul(o.nullValue, 'csvOptions.nullValue');
  const delimiter = char('delimiter', ',');
  const quote = char('quoteChar', '"');
  if (delimiter === quote) throw badRequest('csvOptions.delimiter and quoteChar must differ');
  return {
    format,
    compression,
    columns,
    limit,
    csv: { delimiter, quote, newLine, header: (o.includeHeader as boolean | undefined) ?? true, nullValue: (o.nullValue as string | undefined) ?? '' },
  };
}

function statusFilter(text: string | undefined): ExportStatus[] | undefined {
  if (text === undefined || text === '') return undefined;
  const list = text.split(',').map((s) => s.trim().toUpperCase());
  const bad = list.filter((s) => !STATUSES.includes(s as ExportStatus));
  if (bad.length > 0) throw badRequest(`status must list ${STATUSES.join(', ')} (got ${bad.join(', ')})`);
  return list as ExportStatus[];
}
