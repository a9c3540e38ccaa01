import { DgwError } from '../errors.js';
import { HttpError, unauthorized } from './errors.js';
import { withoutSecretFolder } from './transfer/secret-folder.js';
import { duckFault } from './faults.js';
import type { Gateway } from './gateway.js';
import { checkKeyReaches } from './key-scope.js';
import { freshenConnectedFiles } from './project/connected-files.js';
import { formatBytes, ranOutOfTime } from './limits.js';
import { MAX_STATEMENT_BYTES } from '../api/local-limits.js';
import { presenterFor, type ApiShape } from './present/index.js';
import { withinRequest } from './request-scope.js';
import { BASE_PATH, decodeParam, Router, Routes, type BodySource, type GatewayRequest, type Middleware, type Reply, type RouteContext, type RouteVariables } from './router.js';
import { cacheRoutes, catalogCacheRoutes } from './routes/caches.js';
import { catalogRoutes, searchRoutes } from './routes/catalogs.js';
import { connectionRoutes } from './routes/connections.js';
import { projectConnectionRoutes } from './routes/project-connections.js';
import { downloadRoutes, exportRoutes } from './routes/exports.js';
import { folderRoutes } from './routes/folders.js';
import { infoRoutes } from './routes/info.js';
import { keyRoutes } from './routes/keys.js';
import { materializedRoutes } from './routes/materialized.js';
import { deprecatedProjectRoutes, organizationRoutes } from './routes/organizations.js';
import { queryRoutes } from './routes/queries.js';
import { tableRoutes } from './routes/tables.js';
import { metadataRoutes } from './routes/metadata.js';
import { hostedOnlyRoutes } from './routes/hosted-only.js';
import { driverRoutes } from './routes/drivers.js';
import { ERROR_NUMBERS, type ErrorName } from '../error-codes.js';
import { semanticCatalogRoutes } from './routes/semantic-catalogs.js';
import { refuseEncodedBody } from './validate.js';

/** How a gateway answers: its API shape and its largest request body. */
export interface GatewayHandlerOptions {
  /** Largest request body accepted (413 above it; an import's file is bounded by the disk only). */
  maxBodyBytes?: number;
  /** `spec` (the default) or `hosted`: how answers are shaped. */
  apiShape?: ApiShape;
}

/** Answers one request; never rejects (every error is an answer). */
export type GatewayHandler = (request: GatewayRequest) => Promise<Reply>;

/** The local gateway's API, one group of routes per resource, under `/api/v1`. */
export function gatewayRoutes(): Routes {
  const project = new Routes()
    .use(projectScope)
    .route('/catalogs', catalogRoutes())
    .route('/search', searchRoutes())
    .route('/cache', cacheRoutes())
    .route('/catalog', catalogCacheRoutes())
    .route('', exportRoutes())
    .route('/queries/folders', folderRoutes())
    .route('/queries', queryRoutes())
    .route('/materialized-queries', materializedRoutes())
    .route('/table', tableRoutes('table'))
    .route('/bitable', tableRoutes('bitable'))
    .route('/semantic-catalogs', semanticCatalogRoutes());
  return new Routes()
    .route('/info', infoRoutes())
    .route('/supportedDrivers', driverRoutes())
    .route('/connections', connectionRoutes())
    .route('/connections/:projectId', new Routes().use(projectScope).route('', projectConnectionRoutes()))
    .route('/metadata/:projectId', new Routes().use(projectScope).route('', metadataRoutes()))
    .route('/projects/:projectId/apiKeys', keyRoutes())
    .route('/organizations', organizationRoutes())
    .route('/projects', deprecatedProjectRoutes())
    .route('', hostedOnlyRoutes())
    .route('/data/projects/:projectId', project);
}

/** A CSV import's path: its file goes to disk as it arrives, so only the disk bounds its size. */
export const IMPORT_PATH = /\/table\/[^/]+\/import$/;

/** The gateway as one function from request to answer, for the in-process CLI and for `dgw serve` through Hono. */
export function createGatewayHandler(gateway: Gateway, options: GatewayHandlerOptions = {}): GatewayHandler {
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  const router = new Router(new Routes().route(BASE_PATH, gatewayRoutes()).routes);
  // A download link carries its own authority (a signature that expires), not the API key.
  const links = new Router(new Routes().route(BASE_PATH, downloadRoutes()).routes);
  const present = presenterFor(options.apiShape ?? 'spec');
  const timeLimit = () => ({ ms: gateway.limits.statementTimeoutMs, reason: () => ranOutOfTime(gateway.limits) });
  const answer: GatewayHandler = (req) =>
    withinRequest(req.signal, async () => {
      const c = new Context(req, { gateway, present });
      try {
        if (req.path !== BASE_PATH && !req.path.startsWith(`${BASE_PATH}/`)) return notFound(req);
        if (Number(req.header('content-length') ?? 0) > maxSize && !IMPORT_PATH.test(req.path)) return tooLarge(maxSize);
        refuseEncodedBody(req.header('content-encoding'));
        const link = links.match(req.method, req.path);
        if (link) {
          c.params = link.params;
          return await link.route.handler(c);
        }
        authenticate(c, gateway);
        const match = router.match(req.method, req.path);
        if (!match) return await notImplementedOrNotFound(req, router.methodsAt(req.path));
        c.params = match.params;
        return await match.route.handler(c);
      } catch (raw) {
        return answerError(raw, c);
      }
    }, timeLimit());
  // The hosted shape answers an error's code as a number, as the document's example does (src/error-codes.ts).
  return options.apiShape === 'hosted' ? async (req) => numberedError(await answer(req)) : answer;
}

function numberedError(reply: Reply): Reply {
  if (reply.status < 400 || typeof reply.body !== 'string' || !reply.body.startsWith('{')) return reply;
  const body = JSON.parse(reply.body) as { errorCode?: unknown };
  const number = typeof body.errorCode === 'string' ? ERROR_NUMBERS[body.errorCode as ErrorName] : undefined;
  return number === undefined ? reply : { ...reply, body: JSON.stringify({ ...body, errorCode: number }) };
}

class Context implements RouteContext {
  params: Record<string, string> = {};
  private query: URLSearchParams | undefined;
  readonly req: RouteContext['req'];

  constructor(
    request: GatewayRequest,
    private readonly vars: Partial<RouteVariables>,
  ) {
    this.req = {
      param: (name) => decodeParam(this.params[name] ?? ''),
      query: (name) => (this.query ??= new URLSearchParams(request.search)).get(name) ?? undefined,
      header: (name) => request.header(name.toLowerCase()),
      origin: request.origin,
      text: () => request.text(),
      body: () => request.body(),
    };
  }

  get<K extends keyof RouteVariables>(key: K): RouteVariables[K] {
    return this.vars[key] as RouteVariables[K];
  }

  /** The variable if it is set: an error may come before the project is. */
  peek<K extends keyof RouteVariables>(key: K): RouteVariables[K] | undefined {
    return this.vars[key];
  }

  set<K extends keyof RouteVariables>(key: K, value: RouteVariables[K]): void {
    this.vars[key] = value;
  }

  json(value: unknown, status = 200): Reply {
    return { status, body: JSON.stringify(value) };
  }

  body(value: string | Uint8Array | BodySource | null, status = 200, headers?: Record<string, string>): Reply {
    return { status, body: value, ...(headers ? { headers } : {}) };
  }
}

/** A request no route takes: 501 naming the document's operation (the hosted service has it), 405 if other methods are taken there, else 404. */
async function notImplementedOrNotFound(req: GatewayRequest, allowed: string[]): Promise<Reply> {
  const { documentOperation } = await import('./not-implemented.js');
  const op = documentOperation(req.method, req.path);
  if (!op && allowed.length > 0) {
    const allow = allowed.includes('GET') ? ['GET', 'HEAD', ...allowed.filter((m) => m !== 'GET')] : allowed;
    const body = JSON.stringify({ errorCode: 'METHOD_NOT_ALLOWED', message: `${req.method} is not taken at ${req.path}; it takes ${allow.join(', ')}` });
    return { status: 405, body, headers: { 'content-type': 'application/json', allow: allow.join(', ') } };
  }
  if (!op) return notFound(req);
  const message = `the local gateway does not implement ${op.operationId} (${op.method} ${op.path}); the hosted service does`;
  return { status: 501, body: JSON.stringify({ errorCode: 'NOT_IMPLEMENTED', message, operationId: op.operationId }) };
}

function notFound(req: GatewayRequest): Reply {
  return { status: 404, body: JSON.stringify({ errorCode: 'NOT_FOUND', message: `no such endpoint: ${req.method} ${req.path}` }) };
}

/** The 413 for a body over `maxSize`, in the API shape's error form (`dgw serve` answers it before the handler runs). */
export function tooLargeReply(maxSize: number, apiShape: GatewayHandlerOptions['apiShape']): Reply {
  return apiShape === 'hosted' ? numberedError(tooLarge(maxSize)) : tooLarge(maxSize);
}

function tooLarge(maxSize: number): Reply {
  return { status: 413, body: JSON.stringify({ errorCode: 'PAYLOAD_TOO_LARGE', message: `the request body is larger than the local gateway's limit of ${maxSize} bytes; SQL text may be at most ${formatBytes(MAX_STATEMENT_BYTES)}, and rows go in as a file with \`dgw table import\`` }) };
}

function answerError(raw: unknown, c: Context): Reply {
  const error = faultIn(raw, c) ?? raw;
  const challenge = error instanceof HttpError && error.status === 401 ? { headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' } } : {};
  if (error instanceof HttpError) return { ...c.json({ errorCode: error.errorCode, message: withoutSecretFolder(error.message), ...(error.operationId ? { operationId: error.operationId } : {}) }, error.status), ...challenge };
  if (error instanceof DgwError) return c.json({ errorCode: 'UNAVAILABLE', message: withoutSecretFolder(error.message) }, 500);
  // A lazily loaded file gone: dgw was rebuilt or upgraded under this long-running serve.
  if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return c.json({ errorCode: 'UNAVAILABLE', message: `dgw's files changed under this running dgw serve (a rebuild or an upgrade), so it cannot answer this request: stop the serve and start it again (${(error as Error).message})` }, 500);
  return c.json({ errorCode: 'INTERNAL', message: withoutSecretFolder(`internal error: ${error instanceof Error ? error.message : String(error)}`) }, 500);
}

/** A machine fault wherever DuckDB met it (a damaged block surfaces as an SQL error): the answer names the project's file. */
function faultIn(error: unknown, c: Context): HttpError | undefined {
  if (error instanceof DgwError && error.errorCode === 'DISK_FULL') return new HttpError(507, `${error.message}; ${error.hint ?? ''}`.trim(), 'DISK_FULL');
  const project = c.peek('project');
  if (!project) return undefined;
  const site = { projectId: project.id, file: project.file };
  if (error instanceof HttpError) return error.errorCode === 'SQL_ERROR' ? duckFault(error.message, site) : undefined;
  return duckFault(error, site);
}

/** Bearer auth: the partner key reaches every project, a project key only its own (401 otherwise). */
function authenticate(c: Context, gateway: Gateway): void {
  const header = c.req.header('authorization');
  if (!header) throw unauthorized('missing Authorization header; send Authorization: Bearer <API key>');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized('the Authorization header must be Bearer <API key>');
  const principal = gateway.keys.identify(m[1]);
  if (!principal) throw unauthorized('unknown, revoked or expired API key');
  c.set('principal', principal);
}

/** Resolves `:projectId`: 403 for another project's key, 404 for a project that does not exist. */
const projectScope: Middleware = async (c, next) => {
  const projectId = c.req.param('projectId');
  checkKeyReaches(c.get('principal'), projectId);
  const project = await c.get('gateway').project(projectId, { create: false });
  await freshenConnectedFiles(project);
  c.set('project', project);
  return next();
};
