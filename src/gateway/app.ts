import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DgwError } from '../errors.js';
import { forbidden, HttpError, unauthorized } from './errors.js';
import { duckFault } from './faults.js';
import type { Gateway } from './gateway.js';
import type { Principal } from './keys.js';
import { statementTimedOut } from './limits.js';
import { presenterFor, type ApiShape, type Presenter } from './present/index.js';
import type { ProjectDb } from './project/index.js';
import { requestScope } from './request-scope.js';
import { catalogRoutes } from './routes/catalogs.js';
import { connectionRoutes } from './routes/connections.js';
import { download, DOWNLOAD_ROUTE, exportRoutes } from './routes/exports.js';
import { folderRoutes } from './routes/folders.js';
import { infoRoutes } from './routes/info.js';
import { keyRoutes } from './routes/keys.js';
import { materializedRoutes } from './routes/materialized.js';
import { organizationRoutes } from './routes/organizations.js';
import { queryRoutes } from './routes/queries.js';
import { tableRoutes } from './routes/tables.js';

/** What handlers find on the Hono context. */
export interface GatewayEnv {
  Variables: {
    gateway: Gateway;
    principal: Principal;
    project: ProjectDb;
    /** Turns each route's result into the wire body and status of the gateway's API shape. */
    present: Presenter;
  };
}

export interface GatewayAppOptions {
  /** Largest request body accepted (413 above it); default 1 MiB. */
  maxBodyBytes?: number;
  /** `spec` (the default) or `hosted`: how answers are shaped (src/gateway/present). */
  apiShape?: ApiShape;
}

export const BASE_PATH = '/api/v1';

/**
 * The local gateway's HTTP API (gateway-api.md plus the hosted service's extra endpoints), one
 * sub-app per resource, mounted under `/api/v1`. Errors answer `{errorCode, message}`.
 */
export function createGatewayApp(gateway: Gateway, options: GatewayAppOptions = {}): Hono<GatewayEnv> {
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  const app = new Hono<GatewayEnv>().basePath(BASE_PATH);

  const present = presenterFor(options.apiShape ?? 'spec');
  app.use('*', requestScope(() => ({ ms: gateway.limits.statementTimeoutMs, reason: () => statementTimedOut(gateway.limits) })));
  app.use('*', limitBody(maxSize));
  app.use('*', async (c, next) => {
    c.set('present', present);
    c.set('gateway', gateway);
    await next();
  });
  // A download link carries its own authority (a signature that expires), not the API key.
  app.get(DOWNLOAD_ROUTE, download(gateway));
  app.use('*', authenticate(gateway));

  app.route('/info', infoRoutes());
  app.route('/connections', connectionRoutes());
  app.route('/projects/:projectId/apiKeys', keyRoutes());
  app.route('/organizations', organizationRoutes());

  const project = new Hono<GatewayEnv>();
  project.use('*', projectScope(gateway));
  project.route('/catalogs', catalogRoutes());
  project.route('/', exportRoutes());
  project.route('/queries/folders', folderRoutes());
  project.route('/queries', queryRoutes());
  project.route('/materialized-queries', materializedRoutes());
  project.route('/table', tableRoutes());
  app.route('/data/projects/:projectId', project);

  app.notFound((c) => c.json({ errorCode: 'NOT_FOUND', message: `no such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((raw, c) => {
    const error = faultIn(raw, c) ?? raw;
    if (error instanceof HttpError) return c.json({ errorCode: error.errorCode, message: error.message }, error.status as ContentfulStatusCode);
    if (error instanceof DgwError) return c.json({ errorCode: 'UNAVAILABLE', message: error.message }, 500);
    return c.json({ errorCode: 'INTERNAL', message: `internal error: ${error instanceof Error ? error.message : String(error)}` }, 500);
  });
  return app;
}

/**
 * A full disk, a damaged database or another program holding it, wherever DuckDB met it (a read
 * of a damaged block surfaces as a statement's SQL error): the answer names the project's file.
 */
function faultIn(error: Error, c: Context<GatewayEnv>): HttpError | undefined {
  // The key file could not be written (keys.ts): the disk is full.
  if (error instanceof DgwError && error.errorCode === 'DISK_FULL') return new HttpError(507, `${error.message}; ${error.hint ?? ''}`.trim(), 'DISK_FULL');
  const project = c.get('project') as ProjectDb | undefined;
  if (!project) return undefined;
  const site = { projectId: project.id, file: project.file };
  if (error instanceof HttpError) return error.errorCode === 'SQL_ERROR' ? duckFault(error.message, site) : undefined;
  return duckFault(error, site);
}

/**
 * 413 for a body over `maxSize` (but an import's CSV file, which may be of any size). A body with a Content-Length is judged by that header alone (the
 * HTTP parser holds the body to it), so the body is later read straight from the socket by
 * @hono/node-server's fast path; hono's bodyLimit builds a full web Request for every request
 * first. Only a chunked body is counted as it streams in, by bodyLimit.
 */
function limitBody(maxSize: number): MiddlewareHandler<GatewayEnv> {
  const tooLarge = (c: Context) => c.json({ errorCode: 'PAYLOAD_TOO_LARGE', message: `the request body is larger than the limit of ${maxSize} bytes` }, 413);
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // An import's file goes to disk as it arrives (transfer/receive.ts): only the disk bounds it.
    if (IMPORT_PATH.test(c.req.path)) return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number(length) > maxSize) return tooLarge(c);
    return next();
  };
}

const IMPORT_PATH = /\/table\/[^/]+\/import$/;

/** Bearer auth: the partner key reaches every project, a project key only its own (401 otherwise). */
function authenticate(gateway: Gateway): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw unauthorized('missing Authorization header; send Authorization: Bearer <API key>');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw unauthorized('the Authorization header must be Bearer <API key>');
    const principal = gateway.keys.identify(m[1]);
    if (!principal) throw unauthorized('unknown, revoked or expired API key');
    c.set('gateway', gateway);
    c.set('principal', principal);
    await next();
  };
}

/**
 * Resolves `:projectId` (403 for another project's key, 404 for a project that does not exist).
 * The partner key's first change to a new project (a POST: create a query, a folder or a table, or
 * run SQL) creates it, and keeps it only when that request succeeds: a read, or a request that
 * fails, leaves no project behind.
 */
function projectScope(gateway: Gateway): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const projectId = c.req.param('projectId') ?? '';
    const principal = c.get('principal');
    if (principal.kind === 'project' && principal.projectId !== projectId) {
      throw forbidden(`this project API key belongs to project ${principal.projectId}, not ${projectId}`);
    }
    if (principal.kind !== 'partner' || c.req.method !== 'POST') {
      c.set('project', await gateway.project(projectId, { create: false }));
      return next();
    }
    const { project, settle } = await gateway.forChange(projectId);
    c.set('project', project);
    let succeeded = false;
    try {
      await next();
      succeeded = c.error === undefined && c.res.status < 300;
    } finally {
      await settle(succeeded);
    }
  };
}
