import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createGatewayApp } from './app.js';
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
    const { server: s, port } = await listen(app.fetch, host, options.port ?? 8787);
    server = s;
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}${BASE_PATH}`;
    await lock.update({ url: baseUrl, proof: holderProof(gateway.keys.partnerKey, { pid: process.pid, processStart: processStartTime(process.pid), url: baseUrl }, folderIdentity(options.dataDir)) });
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
          await closeServer(s);
          await g.close({ wait: false });
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

function listen(fetch: (req: Request) => Response | Promise<Response>, hostname: string, port: number): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    // No time limit on a whole request (Node's is 5 minutes): an import's upload may take longer, and goes to disk as it comes.
    const server = serve({ fetch, hostname, port, serverOptions: { requestTimeout: 0 } }, (info: AddressInfo) => resolve({ server, port: info.port }));
    // A client that half-closes its socket after sending its request still reads the answer.
    (server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true;
    server.on('request', noticeHangUp);
    server.once('error', reject);
  });
}

const PROBE_MS = 250;

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
