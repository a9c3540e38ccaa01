import { tryDecodeURIComponent } from 'hono/utils/url';
import type { Gateway } from './gateway.js';
import type { Principal } from './keys.js';
import type { Presenter } from './present/index.js';
import type { ProjectStore } from './project/index.js';

/** The gateway's routes without an HTTP server, so the in-process CLI never loads fetch; `dgw serve` reaches them through Hono. */

/** Where the gateway's API is, on any host it serves. */
export const BASE_PATH = '/api/v1';

/** A request as a transport hands it to the gateway. */
export interface GatewayRequest {
  method: string;
  /** The URL's path, percent-encoded as sent (`/api/v1/data/projects/demo/queries`). */
  path: string;
  /** The URL's query string, without `?`. */
  search: string;
  /** A header's value by lower-case name. */
  header(name: string): string | undefined;
  /** The origin the request came to (`http://127.0.0.1:8787`), for links that point back at the gateway. */
  origin: string;
  /** The body as text ('' for none); read it this way or by `body()`, once. */
  text(): Promise<string>;
  /** The body's bytes as they arrive (an upload of any size); read it this way or by `text()`, once. */
  body(): AsyncIterable<Uint8Array>;
  /** Aborted when the client went away or gave up (Ctrl-C, a time limit). */
  signal: AbortSignal;
}

/** A body pulled a chunk at a time by both the server and the in-process transport, never held whole. */
export interface BodySource {
  /** The next chunk; null after the last. A rejection ends the body short of its end (it never looks whole). */
  next(): Promise<string | Uint8Array | null>;
  /** The reader went away before the end: the work behind the body stops. */
  cancel(): Promise<void>;
  /** Set when the body is exactly a file, which an in-process reader may copy by the kernel instead. */
  readonly file?: FileOfBody;
}

/** The file a body is, whole: where it is and how many bytes it has (as the answer's content-length says). */
export interface FileOfBody {
  path: string;
  bytes: number;
}

/** An answer: a status and a JSON text, a body made as it is read, or no body. */
export interface Reply {
  status: number;
  /** A JSON answer may come already encoded (bytes). */
  body: string | Uint8Array | BodySource | null;
  /** Headers of a body that is not JSON (its content-type, length, file name); a JSON text needs none. */
  headers?: Record<string, string>;
}

/** What handlers find on the context, set by the gateway before a route runs. */
export interface RouteVariables {
  gateway: Gateway;
  principal: Principal;
  project: ProjectStore;
  /** Turns each route's result into the wire body and status of the gateway's API shape. */
  present: Presenter;
}

/** What a route handler is given: its request, the variables, and the two ways to answer. */
export interface RouteContext {
  readonly req: {
    /** A path parameter (`:queryId`), percent-decoded. */
    param(name: string): string;
    /** A query parameter (the first, when it is repeated), decoded; undefined when absent. */
    query(name: string): string | undefined;
    header(name: string): string | undefined;
    readonly origin: string;
    text(): Promise<string>;
    body(): AsyncIterable<Uint8Array>;
  };
  get<K extends keyof RouteVariables>(key: K): RouteVariables[K];
  set<K extends keyof RouteVariables>(key: K, value: RouteVariables[K]): void;
  /** A JSON answer (200 unless `status` says otherwise). */
  json(value: unknown, status?: number): Reply;
  /** An answer of `value` (none, text, bytes, or a body made as it is read): JSON unless `headers` give it another content-type. */
  body(value: string | Uint8Array | BodySource | null, status?: number, headers?: Record<string, string>): Reply;
}

export type Handler = (c: RouteContext) => Reply | Promise<Reply>;

/** Runs around the handlers of the routes registered after it; `next()` runs the handler and gives its answer. */
export type Middleware = (c: RouteContext, next: () => Promise<Reply>) => Promise<Reply>;

/** One route: method, path pattern (`:name` segments are parameters), handler. */
export interface Route {
  method: string;
  path: string;
  handler: Handler;
}

/** Routes registered as in Hono (`r.get('/:id', handler)`), and mounted under a prefix with `route`. */
export class Routes {
  readonly routes: Route[] = [];
  private readonly middleware: Middleware[] = [];

  /** Runs `mw` around every route registered after this call (as Hono's `use('*', mw)`). */
  use(mw: Middleware): this {
    this.middleware.push(mw);
    return this;
  }

  get(path: string, handler: Handler): this {
    return this.add('GET', path, handler);
  }

  post(path: string, handler: Handler): this {
    return this.add('POST', path, handler);
  }

  put(path: string, handler: Handler): this {
    return this.add('PUT', path, handler);
  }

  patch(path: string, handler: Handler): this {
    return this.add('PATCH', path, handler);
  }

  delete(path: string, handler: Handler): this {
    return this.add('DELETE', path, handler);
  }

  /** Mounts `sub`'s routes under `prefix`, in the order they were registered. */
  route(prefix: string, sub: Routes): this {
    for (const r of sub.routes) this.add(r.method, joinPath(prefix, r.path), r.handler);
    return this;
  }

  private add(method: string, path: string, handler: Handler): this {
    // The first middleware registered runs outermost.
    const wrapped = this.middleware.reduceRight<Handler>((inner, mw) => (c) => mw(c, async () => inner(c)), handler);
    this.routes.push({ method, path: joinPath('', path), handler: wrapped });
    return this;
  }
}

/** `/a` + `/` is `/a`; `/a` + `/:id` is `/a/:id`. */
function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}${path === '/' ? '' : path}`;
  return joined === '' ? '/' : joined;
}

/** A route found for a request, with its path parameters still encoded. */
export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** The first matching route wins, as in Hono, where `/queries/folders` precedes `/queries/:queryId`. */
export class Router {
  private readonly compiled: Array<{ route: Route; segments: string[] }>;

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  }

  /** The route for `method` (HEAD as GET) and an encoded `path`; undefined when none matches. */
  match(method: string, path: string): Match | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const parts = path.split('/').slice(1);
    for (const { route, segments } of this.compiled) {
      if (route.method !== wanted) continue;
      const params = paramsOf(segments, parts);
      if (params) return { route, params };
    }
    return undefined;
  }

  /** The methods some route takes at `path` (for a 405's Allow). */
  methodsAt(path: string): string[] {
    const parts = path.split('/').slice(1);
    return [...new Set(this.compiled.filter((c) => paramsOf(c.segments, parts)).map((c) => c.route.method))];
  }
}

/** The parameters of a path whose segments fit a route's, or undefined when they do not. */
function paramsOf(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    if (segments[i].startsWith(':')) {
      if (parts[i] === '') return undefined;
      params[segments[i].slice(1)] = parts[i];
    } else if (segments[i] !== parts[i] && segments[i] !== decodeParam(parts[i])) {
      return undefined;
    }
  }
  return params;
}

/** A path segment decoded as Hono decodes a parameter: percent-escapes read as UTF-8, those that do not decode kept as sent. */
export const decodeParam = tryDecodeURIComponent;
