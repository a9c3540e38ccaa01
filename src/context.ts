import type { ChalkInstance } from 'chalk';
import { Http, type DryRunView } from './api/http.js';
import { loadProjectFile } from './config/project-file.js';
import { resolveSettings, maskKey, type Settings, type SettingFlags } from './config/settings.js';
import { configDir, ProfileStore, readStoreFile } from './config/store.js';
import { AuthError, InterruptedError, UsageError } from './errors.js';
import { colorFor } from './output/color.js';
import { Output, outputMode } from './output/format.js';
import { readAll, type Io } from './output/io.js';

/** Global options every command accepts. */
export interface GlobalOptions extends SettingFlags {
  json?: boolean | string;
  quiet?: boolean;
  /** false with --no-color. */
  color?: boolean;
  debug?: boolean;
}

/** Environment variables as a plain record (never process.env itself in commands). */
export type Env = Record<string, string | undefined>;

/** Time, injectable for tests of waiting and polling. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What the entry point hands to `createContext`. */
export interface ContextDeps {
  io: Io;
  env: Env;
  cwd: string;
  signal: AbortSignal;
  clock?: Clock;
  /** Overrides the terminal check for prompts (tests). */
  interactive?: boolean;
}

/** How a command wants its HTTP layer. */
export interface HttpOptions {
  dryRun?: boolean;
  requireKey?: boolean;
  /** Use this key instead of the resolved one (`auth login` verifies a key before storing it). */
  apiKey?: string;
}

/** The object every command receives: streams, settings, the API, prompts, the clock. */
export interface Context {
  readonly io: Io;
  readonly env: Env;
  readonly cwd: string;
  readonly globals: GlobalOptions;
  readonly out: Output;
  readonly color: ChalkInstance;
  readonly signal: AbortSignal;
  readonly clock: Clock;
  /** True when both stdin and stderr are terminals and CI is unset, so a person can answer a prompt. */
  readonly interactive: boolean;
  settings(): Promise<Settings>;
  store(): Promise<ProfileStore>;
  /** The HTTP layer bound to the resolved zone, base URL and key. */
  http(options?: HttpOptions): Promise<Http>;
  /** The project id, or a usage error naming `--project`. */
  projectId(): Promise<string>;
  /** Asks a yes/no question, or for `expected` to be typed back. */
  prompt(question: string, options?: { hidden?: boolean }): Promise<string>;
  readStdin(): Promise<string>;
  /** Registers cleanup that runs when the command ends (the in-process gateway closes here). */
  onClose(fn: () => Promise<void> | void): void;
  close(): Promise<void>;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new InterruptedError());
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new InterruptedError());
      }, { once: true });
    }),
};

/** Builds the context for one run of one command. */
export function createContext(deps: ContextDeps, globals: GlobalOptions): Context {
  const { io, env, cwd, signal } = deps;
  const color = colorFor(io.stdout, env, globals.color);
  const errColor = colorFor(io.stderr, env, globals.color);
  let settingsPromise: Promise<Settings> | undefined;
  let storePromise: Promise<ProfileStore> | undefined;
  const closers: Array<() => Promise<void> | void> = [];
  let out = new Output(outputMode(globals.json, globals.quiet, io.stdout), io.stdout, io.stderr, color);

  const ctx: Context = {
    io,
    env,
    cwd,
    globals,
    get out() {
      return out;
    },
    color: errColor,
    signal,
    clock: deps.clock ?? realClock,
    // CI runs never prompt, even when a runner allocates a terminal.
    interactive: deps.interactive ?? (!env.CI && io.stderr.isTTY === true && io.stdin.isTTY === true),

    store() {
      storePromise ??= ProfileStore.open(configDir(env));
      return storePromise;
    },

    settings() {
      settingsPromise ??= (async () => {
        // Settings only read the user store: straight from its file, without loading conf.
        const stored = readStoreFile(configDir(env));
        const projectFile = await loadProjectFile(cwd);
        const settings = resolveSettings({ flags: globals, env, projectFile, store: stored });
        if (settings.output.value === 'json' && globals.json === undefined && !globals.quiet) {
          out = new Output(outputMode(globals.json, globals.quiet, io.stdout, true), io.stdout, io.stderr, color);
        }
        return settings;
      })();
      return settingsPromise;
    },

    async projectId() {
      const s = await ctx.settings();
      if (!s.projectId.value) {
        throw new UsageError('no project id: pass --project, set DGW_PROJECT, or run `dgw auth login --project ID`');
      }
      return s.projectId.value;
    },

    async http(options = {}) {
      const s = await ctx.settings();
      let baseUrl = s.baseUrl.value;
      let apiKey = options.apiKey ?? s.apiKey.value;
      let localFetch: typeof fetch | undefined;
      const trace = globals.debug ? (line: string) => io.stderr.write(`${errColor.dim(line)}\n`) : undefined;
      if (baseUrl === undefined) {
        const { connectLocal } = await import('./gateway/connect.js');
        const local = await connectLocal({ env, apiKey, trace });
        ctx.onClose(() => local.close());
        baseUrl = local.baseUrl;
        apiKey = local.apiKey;
        localFetch = local.fetch;
      }
      if (!apiKey && options.requireKey !== false) {
        throw new AuthError('no API key', { hint: 'run `dgw auth login`, or set DGW_API_KEY' });
      }
      trace?.(`# zone ${s.zone.value} (${s.zone.source}), key ${maskKey(apiKey)} (${options.apiKey ? 'given' : s.apiKey.source})`);
      return new Http({
        baseUrl,
        apiKey,
        timeoutMs: s.timeoutMs.value,
        fetch: localFetch,
        signal,
        trace,
        dryRun: options.dryRun ? (view) => printDryRun(ctx, view) : undefined,
      });
    },

    async prompt(question, options = {}) {
      const { promptLine } = await import('./output/prompt.js');
      return promptLine(io, question, { hidden: options.hidden, signal });
    },

    readStdin: () => readAll(io.stdin),

    onClose(fn) {
      closers.push(fn);
    },

    async close() {
      for (const fn of closers.splice(0).reverse()) await fn();
    },
  };
  return ctx;
}

function printDryRun(ctx: Context, view: DryRunView): void {
  if (ctx.out.json) {
    ctx.io.stdout.write(`${JSON.stringify({ dryRun: true, ...view }, null, 2)}\n`);
    return;
  }
  const lines = [`${view.method} ${view.url}`, ...Object.entries(view.headers).map(([k, v]) => `${k}: ${v}`)];
  if (view.body !== undefined) lines.push('', JSON.stringify(view.body, null, 2));
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
  ctx.io.stderr.write(`${ctx.color.dim('(dry run: nothing was sent)')}\n`);
}
