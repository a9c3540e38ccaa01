import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in server saw it. */
export interface Recorded {
  method: string;
  /** Path exactly as sent (still URL-encoded), without the query string. */
  path: string;
  query: Record<string, string>;
  rawQuery: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or undefined when empty or not JSON. */
  json: unknown;
}

/** How the stand-in answers one request. */
export interface Reply {
  status?: number;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Close the socket without any response. */
  destroy?: boolean;
  /** Announce a longer body than is sent, then close the socket mid-body. */
  truncate?: boolean;
}

type Responder = Reply | ((req: Recorded) => Reply);

interface Route {
  method: string;
  match: (path: string) => boolean;
  replies: Responder[];
  used: number;
}

/**
 * A small HTTP server on 127.0.0.1 that records every request and answers from scripted routes.
 * Routes are matched newest first; a route with several replies gives them in order, then repeats
 * the last one. Unmatched requests get 404 with the documented error body.
 */
export class RecordingServer {
  readonly requests: Recorded[] = [];
  private routes: Route[] = [];
  /** Answers the requests no route matches (see `fallBackTo`); unset, they get 404. */
  private fallback?: (req: Recorded) => Promise<Reply>;
  private server?: http.Server;
  private port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Origin, e.g. http://127.0.0.1:40123 */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The base URL a client uses, with the version segment. */
  get baseUrl(): string {
    return `${this.origin}/api/v1`;
  }

  /** Scripts a route; `path` is matched against the encoded path below /api/v1 (a string matches exactly). */
  on(method: string, path: string | RegExp, ...replies: Responder[]): this {
    const match = typeof path === 'string' ? (p: string) => p === path : (p: string) => path.test(p);
    this.routes.unshift({ method: method.toUpperCase(), match, replies, used: 0 });
    return this;
  }

  /**
   * Hands every request no route matches to `answer` (a real service behind the recorder, such as
   * the local gateway's app), so a test can record and check what a command sends to something
   * that truly answers. Routes still win; `reset` keeps the fallback.
   */
  fallBackTo(answer: (req: Recorded) => Promise<Reply>): this {
    this.fallback = answer;
    return this;
  }

  /** Forgets recorded requests and routes. */
  reset(): void {
    this.requests.length = 0;
    this.routes = [];
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.origin);
      const rawPath = (req.url ?? '/').split('?')[0];
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: Recorded = {
        method: req.method ?? 'GET',
        path: rawPath.replace(/^\/api\/v1/, ''),
        query: Object.fromEntries(url.searchParams),
        rawQuery: url.search.replace(/^\?/, ''),
        headers: req.headers,
        body,
        json,
      };
      this.requests.push(recorded);
      const route = this.routes.find((r) => r.method === recorded.method && r.match(recorded.path));
      const responder = route ? route.replies[Math.min(route.used++, route.replies.length - 1)] : undefined;
      const answer = (reply: Reply) => {
        const send = () => this.send(res, reply);
        // Unref'd: a reply held longer than its test must not keep the worker alive.
        if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
        else send();
      };
      if (responder === undefined && this.fallback) {
        this.fallback(recorded).then(answer, (error: unknown) => answer({ status: 500, json: { errorCode: 'STAND_IN', message: String(error) } }));
        return;
      }
      answer(
        responder === undefined
          ? { status: 404, json: { errorCode: 'NOT_FOUND', message: `no route for ${recorded.method} ${recorded.path}` } }
          : typeof responder === 'function' ? responder(recorded) : responder,
      );
    });
  }

  private send(res: http.ServerResponse, reply: Reply): void {
    if (res.destroyed) return;
    if (reply.destroy) {
      res.socket?.destroy();
      return;
    }
    const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? '');
    const headers: Record<string, string> = { ...(reply.json !== undefined ? { 'content-type': 'application/json' } : {}), ...reply.headers };
    if (reply.truncate) {
      res.writeHead(reply.status ?? 200, { ...headers, 'content-length': String(text.length + 100) });
      res.write(text);
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.writeHead(reply.status ?? 200, headers);
    res.end(text);
  }
}

/** Requests recorded for one method, for short assertions. */
export function only(server: RecordingServer, method: string): Recorded[] {
  return server.requests.filter((r) => r.method === method);
}
