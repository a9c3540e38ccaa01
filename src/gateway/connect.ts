import { join } from 'node:path';
import type { Transport } from '../api/transport.js';
import { KEY_NOT_MADE } from '../config/settings.js';
import { KEY_FILE, readKeyFile } from './keys.js';
import { BusyError } from '../errors.js';
import type { Gateway } from './gateway.js';
import { acquireLock, FolderBusyError, readLiveLock, type HeldLock, type LockInfo } from './lock.js';
import { checkOwnFolder } from '../config/safe-folder.js';
import { localDataDir } from './paths.js';

/** How the CLI reaches the local gateway: a `dgw serve` holding the data folder, or the gateway in-process. */
export interface LocalConnection {
  baseUrl: string;
  apiKey: string;
  /** Present when the gateway runs in-process: the HTTP layer hands every request to it (handler.ts). */
  transport?: Transport;
  /** `server` when a `dgw serve` holds the folder, `in-process` otherwise. */
  mode: 'server' | 'in-process';
  dataDir: string;
  /** Lets go of the data folder while the command waits for a person (a prompt, an editor, the SQL shell); the next request takes it again. */
  release(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectLocalOptions {
  env: Record<string, string | undefined>;
  /** A key the user chose (DGW_API_KEY, or a profile's key stored for the local gateway); otherwise the gateway's partner key. */
  apiKey?: string;
  trace?: (line: string) => void;
  /** The command's Ctrl-C: once aborted, closing cancels running refreshes instead of awaiting them. */
  signal?: AbortSignal;
}

/** Base URL of the in-process gateway; requests never leave the process. */
export const IN_PROCESS_BASE_URL = 'http://local.dgw/api/v1';

/** Talks to a live `dgw serve` holding the folder, else runs the gateway in-process until `close()`, which waits for its refreshes. */
export async function connectLocal(options: ConnectLocalOptions): Promise<LocalConnection> {
  const dataDir = localDataDir(options.env);
  checkOwnFolder(dataDir, 'local gateway data folder');
  const toServer = async (holder: LockInfo & { url: string }): Promise<LocalConnection> => {
    const url = await onLoopback(holder.url, dataDir);
    const { checkHolder } = await import('./holder-proof.js');
    await checkHolder(holder, dataDir);
    options.trace?.(`# local gateway: dgw serve at ${url} holds ${dataDir}`);
    return { baseUrl: url, apiKey: await keyFor(options, dataDir), mode: 'server', dataDir, release: async () => undefined, close: async () => undefined };
  };

  const live = await readLiveLock(dataDir);
  if (live?.mode === 'serve' && live.url) return toServer({ ...live, url: live.url });

  // The gateway's code and DuckDB load off this thread while the lock is taken; the project's file opens only once the lock is held.
  const duck = import('./duckdb.js').then(({ loadDuckDB }) => loadDuckDB());
  const inProcess = import('./open-in-process.js');
  const engine = Promise.all([duck, inProcess]).then(([loaded, { makeEngine }]) => makeEngine(loaded, options.env));
  // Without DuckDB, or with a limit that does not parse, this fails; opening the gateway below says why.
  engine.catch(() => undefined);
  const discardEngine = () => engine.then((instance) => instance.closeSync()).catch(() => undefined);
  let lock;
  try {
    lock = await acquireLock(dataDir, 'in-process', { waitMs: 10_000, stopWaiting: (h) => h.mode === 'serve' && h.url !== null, signal: options.signal });
  } catch (error) {
    await discardEngine();
    if (error instanceof FolderBusyError && error.holder.mode === 'serve' && error.holder.url) return toServer({ ...error.holder, url: error.holder.url });
    throw error;
  }
  const { openInProcess } = await inProcess;
  const open = async (held: HeldLock, preloaded?: typeof engine): Promise<OpenGateway> => {
    try {
      return { ...(await openInProcess({ dataDir, env: options.env, engine: preloaded, trace: options.trace })), lock: held };
    } catch (error) {
      if (preloaded) await discardEngine();
      await held.release();
      throw await asCliError(error);
    }
  };
  let current: OpenGateway | undefined = await open(lock, engine);
  let reopening: Promise<OpenGateway> | undefined;
  const reopen = async (signal: AbortSignal): Promise<OpenGateway> => {
    const held = await acquireLock(dataDir, 'in-process', { waitMs: 10_000, stopWaiting: (h) => h.mode === 'serve' && h.url !== null, signal }).catch((error: unknown) => {
      if (error instanceof FolderBusyError && error.holder.mode === 'serve') throw new BusyError(`dgw serve (pid ${error.holder.pid}) took the local gateway data folder while dgw waited for you`, 'run the command again: it will use the served gateway');
      throw error;
    });
    return open(held);
  };
  // The request's own signal ends the wait too (Ctrl-C on one statement of the SQL shell).
  const opened = (signal: AbortSignal) =>
    current ? Promise.resolve(current) : (reopening ??= reopen(options.signal ? AbortSignal.any([options.signal, signal]) : signal).finally(() => (reopening = undefined))).then((g) => (current = g));
  const letGo = async () => {
    const held = current;
    current = undefined;
    if (!held) return;
    try {
      await held.gateway.close({ wait: true, signal: options.signal });
    } finally {
      await held.lock.release();
    }
  };
  return {
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: options.apiKey ?? current.gateway.keys.partnerKey,
    transport: async (request) => {
      const g = await opened(request.signal);
      // With no key of the user's, requests carry the partner key of the gateway as opened now (a dgw serve meanwhile may have set another).
      return g.transport(options.apiKey ? request : { ...request, headers: { ...request.headers, authorization: `Bearer ${g.gateway.keys.partnerKey}` } });
    },
    mode: 'in-process',
    dataDir,
    release: letGo,
    close: letGo,
  };
}

/** The in-process gateway while this process holds the folder. */
interface OpenGateway {
  gateway: Gateway;
  transport: Transport;
  lock: HeldLock;
}

/** The gateway's answer to a fault met while opening (a damaged or busy demo database, a full disk) as the CLI's error. */
async function asCliError(error: unknown): Promise<unknown> {
  const [{ HttpError }, { localGatewayFault }] = await Promise.all([import('./errors.js'), import('../api/http.js')]);
  if (!(error instanceof HttpError)) return error;
  return localGatewayFault(error.errorCode, error.message) ?? error;
}

/** Where a `--zone local` request would go, opening nothing (for a dry run). */
export async function describeLocal(options: ConnectLocalOptions): Promise<{ baseUrl: string; apiKey: string }> {
  const dataDir = localDataDir(options.env);
  checkOwnFolder(dataDir, 'local gateway data folder');
  const live = await readLiveLock(dataDir);
  return { baseUrl: live?.mode === 'serve' && live.url ? await onLoopback(live.url, dataDir) : IN_PROCESS_BASE_URL, apiKey: await keyFor(options, dataDir) };
}

/** The key a request to the folder's gateway carries: the user's, else the folder's partner key (or what will make it). */
async function keyFor(options: ConnectLocalOptions, dataDir: string): Promise<string> {
  const stored = options.apiKey ?? (await readKeyFile(join(dataDir, KEY_FILE)))?.partnerKey;
  return stored ?? (options.env.DGW_LOCAL_PARTNER_KEY || KEY_NOT_MADE);
}

/** The serve's URL on loopback only: the local gateway's key must never leave loopback. */
async function onLoopback(announced: string, dataDir: string): Promise<string> {
  const { loopbackUrl } = await import('../config/loopback.js');
  const url = loopbackUrl(announced);
  if (url !== undefined) return url;
  const { AuthError } = await import('../errors.js');
  throw new AuthError(`the dgw serve holding ${dataDir} announces ${JSON.stringify(announced)}, which is not a loopback address; the local gateway's key is only sent over loopback`, {
    hint: 'restart it with --host 127.0.0.1 (the default), or reach it with --base-url URL and DGW_API_KEY set to its key',
  });
}
