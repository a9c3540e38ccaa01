import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createGatewayApp } from './app.js';
import { HttpError } from './errors.js';
import { Gateway, type GatewayOptions } from './gateway.js';
import type { ApiShape } from './present/index.js';
import { checkOwnFolder } from '../config/safe-folder.js';
import { isLoopbackHost } from '../config/loopback.js';
import { holderProof } from './holder-proof.js';
import { acquireLock, folderIdentity } from './lock.js';
import { processStartTime } from '../process-identity.js';
import { BASE_PATH } from './router.js';
import { Scheduler, type SchedulerClock } from './scheduler.js';

/** The gateway's own options as Gateway.open takes them, and how to serve it. */
export interface ServeOptions extends Pick<GatewayOptions, 'partnerKey' | 'minInterval' | 'limits' | 'linkTtlMs'> {
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** How answers are shaped: `spec` (default) or `hosted`. */
  apiShape?: ApiShape;
  /** Scheduler tick and clock (tests). */
  tickMs?: number;
  clock?: SchedulerClock;
  /** Ctrl-C: ends the wait for a folder another dgw holds. */
  signal?: AbortSignal;
}

/** A running `dgw serve`. */
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  partnerKey: string;
  /** The keys made on first start, by project. */
  projectKeys: Record<string, string>;
  apiShape: ApiShape;
  gateway: Gateway;
  /** Stops listening, cancels running refreshes, closes the databases and frees the folder. */
  close(): Promise<void>;
}

/** Serves the local gateway over HTTP, holding the folder's lock with its URL so `--zone local` CLIs find it. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  checkOwnFolder(options.dataDir, 'local gateway data folder');
  const lock = await acquireLock(options.dataDir, 'serve', { waitMs: 5000, stopWaiting: (h) => h.mode === 'serve', signal: options.signal });
  let gateway: Gateway | undefined;
  let server: ServerType | undefined;
  try {
    gateway = await Gateway.open({ dataDir: options.dataDir, partnerKey: options.partnerKey, minInterval: options.minInterval, limits: options.limits, linkTtlMs: options.linkTtlMs, remoteClients: !isLoopbackHost(host) });
    await gateway.openAll();
    const app = createGatewayApp(gateway, { apiShape: options.apiShape });
    const { server: s, port, writing } = await listen(app.fetch, host, options.port ?? 8787);
    server = s;
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}${BASE_PATH}`;
    await lock.update({ url: baseUrl, minInterval: gateway.minInterval.iso, proof: holderProof(gateway.keys.partnerKey, { pid: process.pid, processStart: processStartTime(process.pid), url: baseUrl }, folderIdentity(options.dataDir)) });
    const scheduler = new Scheduler(gateway, options.clock, options.tickMs);
    scheduler.start();
    const g = gateway;
    const demoKey = g.keys.initialKey('demo');
    let closing: Promise<void> | undefined;
    return {
      baseUrl,
      dataDir: options.dataDir,
      partnerKey: g.keys.partnerKey,
      projectKeys: demoKey ? { demo: demoKey } : {},
      apiShape: options.apiShape ?? 'spec',
      gateway: g,
      close() {
        closing ??= (async () => {
          // Unannounced before the port is let go, so the lock never names an address another process may take.
          await lock.update({ url: null, proof: undefined });
          scheduler.stop();
          // Requests still running are answered 503 once their statements have stopped, and only then lose their connections.
          s.close();
          await g.close({ wait: false, because: STOPPING });
          await written(writing, ANSWER_GRACE_MS);
          await closeServer(s);
          await lock.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    if (server) await closeServer(server).catch(() => undefined);
    await gateway?.close({ wait: false }).catch(() => undefined);
    await lock.release().catch(() => undefined);
    throw error;
  }
}

/** Listens on `port`; `writing` holds the answers being written, so stopping can let them finish. */
function listen(fetch: (req: Request) => Response | Promise<Response>, hostname: string, port: number): Promise<{ server: ServerType; port: number; writing: Set<ServerResponse> }> {
  return new Promise((resolve, reject) => {
    const writing = new Set<ServerResponse>();
    // No time limit on a whole request (Node's is 5 minutes): an import's upload may take longer, and goes to disk as it comes.
    const server = serve({ fetch, hostname, port, serverOptions: { requestTimeout: 0 } }, (info: AddressInfo) => resolve({ server, port: info.port, writing }));
    // A client that half-closes its socket after sending its request still reads the answer.
    (server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true;
    server.on('request', noticeHangUp);
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      writing.add(res);
      res.once('close', () => writing.delete(res));
    });
    server.once('error', reject);
  });
}

const PROBE_MS = 250;

/** What a request that stopping the server cut short is answered, given a second to be written before its connection goes. */
const STOPPING = new HttpError(503, 'dgw serve is stopping: this request was stopped before it finished, and nothing it would have changed was kept; run it again once dgw serve is back', 'UNAVAILABLE');
const ANSWER_GRACE_MS = 1000;

/** Resolves once every answer in `writing` is written (or its client gone), or after `ms`. */
async function written(writing: Set<ServerResponse>, ms: number): Promise<void> {
  const grace = new Promise((resolve) => setTimeout(resolve, ms).unref());
  await Promise.race([Promise.all([...writing].map((res) => new Promise((resolve) => res.once('close', resolve)))), grace]);
}

/** A hung-up client sends the same FIN as a half-closed one, so interim 102s probe it: a reset aborts the request. */
function noticeHangUp(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  let probe: NodeJS.Timeout | undefined;
  const onEnd = () => {
    const ask = () => {
      if (res.headersSent || res.writableEnded || socket.destroyed) return;
      res.writeProcessing();
    };
    ask();
    probe = setInterval(ask, PROBE_MS);
  };
  socket.once('end', onEnd);
  res.once('close', () => {
    socket.off('end', onEnd);
    clearInterval(probe);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
