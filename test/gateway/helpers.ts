import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Hono } from 'hono';
import { createGatewayApp } from '../../src/gateway/app.js';
import { Gateway, type GatewayOptions } from '../../src/gateway/gateway.js';
import { defaultLimits } from '../../src/gateway/limits.js';
import type { ApiShape } from '../../src/gateway/present/index.js';
import type { ProjectStore } from '../../src/gateway/project/store.js';
import { TEST_ENV } from '../support/dgw.js';

/** A gateway (in memory unless a data folder is given) and a small client for `app.request()`. */
export interface TestGateway {
  gateway: Gateway;
  /** The served app, for a request `call` cannot make (a body of raw bytes). */
  app: Hono;
  partnerKey: string;
  demoKey: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field in tests
  call(method: string, path: string, options?: { body?: unknown; raw?: string; key?: string | null; headers?: Record<string, string> }): Promise<{ status: number; body: any; text: string; headers: Headers }>;
  close(): Promise<void>;
}

export async function openGateway(options: GatewayOptions & { maxBodyBytes?: number; apiShape?: ApiShape } = {}): Promise<TestGateway> {
  // One DuckDB thread per project, as every dgw a test runs (TEST_ENV), unless the test gives limits.
  const gateway = await Gateway.open({ ...options, limits: options.limits ?? { ...defaultLimits(), threads: Number(TEST_ENV.DGW_LOCAL_THREADS) } });
  const app = createGatewayApp(gateway, { maxBodyBytes: options.maxBodyBytes, apiShape: options.apiShape });
  const partnerKey = gateway.keys.partnerKey;
  const demoKey = gateway.keys.initialKey('demo')!;
  return {
    gateway,
    app,
    partnerKey,
    demoKey,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      const key = opts.key === undefined ? partnerKey : opts.key;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      let body: string | undefined = opts.raw;
      if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      const res = await app.request(`/api/v1${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, body: parsed, text, headers: res.headers };
    },
    close: () => gateway.close({ wait: false }),
  };
}

/** A project's writer held as a long statement holds it: the changes that ask for it queue in the order they came. */
export interface HeldWriter {
  /** Settles once `n` changes wait for the writer. */
  queued(n: number): Promise<void>;
  /** Lets the queued changes run, one after another. */
  release(): void;
}

/** Holds `store`'s writer (its mutex) until released, counting the changes that queue meanwhile. */
export function holdWriter(store: ProjectStore): HeldWriter {
  const mutex = store.mutex;
  const run = mutex.run.bind(mutex);
  let letGo = () => {};
  void run(() => new Promise<void>((resolve) => (letGo = resolve)));
  let count = 0;
  const waits: Array<{ n: number; resolve: () => void }> = [];
  mutex.run = <T>(fn: () => Promise<T>): Promise<T> => {
    count += 1;
    for (const w of waits) if (count >= w.n) w.resolve();
    return run(fn);
  };
  return {
    queued: (n) => new Promise<void>((resolve) => (count >= n ? resolve() : waits.push({ n, resolve }))),
    release() {
      Reflect.deleteProperty(mutex, 'run');
      letGo();
    },
  };
}

/**
 * Runs `first` and `second` while the writer is held, letting it go once both wait for it (or one
 * answered without it): whichever checked first, each change's write then meets the other's commit.
 * `secondFirst` sends `second` first, so a test can take both orders; the answers keep their places.
 */
export async function raceBehindWriter<A, B>(store: ProjectStore, first: () => Promise<A>, second: () => Promise<B>, secondFirst = false): Promise<[A, B]> {
  const held = holdWriter(store);
  let answers: [Promise<A>, Promise<B>];
  if (secondFirst) {
    const sentFirst = second();
    answers = [first(), sentFirst];
  } else {
    answers = [first(), second()];
  }
  await Promise.race([held.queued(2), ...answers.map((a) => a.catch(() => undefined))]);
  held.release();
  return Promise.all(answers);
}

/** A temporary folder removed by the returned function. */
export function tempDir(prefix = 'dgw-gw-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Polls until `fn` returns a truthy value, or fails naming `what` after `ms`: by default just under
 * the fast tier's limit for a test, so a busy machine is waited for and a wait without end still says what it waited for.
 */
export async function waitFor<T>(fn: () => Promise<T> | T, what = 'condition', ms = 50_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const P = '/data/projects/demo';

/** A `dgw serve` spawned as a user would, on a data folder, with its announced URL and keys. */
export interface SpawnedServer {
  baseUrl: string;
  partnerKey: string;
  projectKeys: Record<string, string>;
  child: import('node:child_process').ChildProcess;
  stderr(): string;
  /** Sends a request with the partner key; JSON in, JSON out. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field in tests
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** SIGINT (a clean stop) or SIGKILL, then waits for the exit and the end of its output. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function spawnServe(dataDir: string, configDir: string, extraArgs: string[] = [], extraEnv: Record<string, string> = {}): Promise<SpawnedServer> {
  const { spawn } = await import('node:child_process');
  const { DGW_BIN, testEnv } = await import('../support/dgw.js');
  const child = spawn(process.execPath, [DGW_BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--json', ...extraArgs], {
    env: testEnv({ DGW_CONFIG_DIR: configDir, ...extraEnv }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  // Once its pipes have closed too, everything it wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // No timer of its own: a busy machine may take long to start it; a serve that never starts fails the test by its time limit.
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      const nl = stdout.indexOf('\n');
      if (nl >= 0) resolve(stdout.slice(0, nl));
    });
    child.on('exit', (code) => reject(new Error(`dgw serve exited with ${code}: ${stderr}`)));
  });
  const info = JSON.parse(first) as { baseUrl: string; partnerKey: string; projectKeys: Record<string, string> };
  return {
    ...info,
    child,
    stderr: () => stderr,
    async call(method, path, body) {
      const res = await fetch(`${info.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${info.partnerKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * One `dgw serve` for a whole test file, on a temporary data and config folder of its own, started
 * before the file's tests and stopped (its folders removed) after them. Returns the running server.
 */
export function useServedGateway(prefix: string): () => SpawnedServer {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    server = await spawnServe(join(dir, 'data'), join(dir, 'config'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('dgw serve has not started');
    return server;
  };
}
