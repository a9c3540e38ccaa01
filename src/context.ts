import { setTimeout as wait } from 'node:timers/promises';
import { carryTarget } from './output/carry-target.js';
import type { ChalkInstance } from 'chalk';
import type { Static } from 'typebox';
import type { DryRun as DryRunSchema } from './contract/records.js';
import type { Pager } from './output/pager.js';
import { Http, type DryRunView, type HttpConfig } from './api/http.js';
import { checkSegment } from './api/path.js';
import type { Transport } from './api/transport.js';
import type { LocalConnection } from './gateway/connect.js';
import { PROJECT_ID_RULE, validProjectId } from './config/project-id.js';
import { findProjectFile } from './config/project-file.js';
import { resolveSettings, maskKey, type Settings, type SettingFlags } from './config/settings.js';
import { describeBinding } from './config/key-binding.js';
import { checkNewProfileName, unknownProfileError } from './config/known-profile.js';
import { missingKeyError } from './config/missing-key.js';
import { configDir, ProfileStore, readStoreFile, tightenStoreMode } from './config/store.js';
import { AuthError, DgwError, InterruptedError, UsageError } from './errors.js';
import { colorFor } from './output/color.js';
import { loadSerializers, Output, outputMode, type OutputFlags, type OutputMode, type Serializers } from './output/format.js';
import { readAll, terminalSize, type Io } from './output/io.js';
import { newRunRecord, type RunRecord } from './run-record.js';

/** Global options every command accepts. */
export interface GlobalOptions extends SettingFlags, OutputFlags {
  color?: boolean;
  pager?: boolean;
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
  /** Runs `work` while a program dgw started (an editor) owns the terminal, so Ctrl-C is that program's. */
  inForeground?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Where the run records what its report needs (requests sent, warnings held back); cli.ts makes one per run. */
  run?: RunRecord;
}

/** How a command wants its HTTP layer; `dryRunReads` and `retries` go to it as they are (completion, which must answer at once, retries nothing). */
export interface HttpOptions extends Pick<HttpConfig, 'dryRunReads' | 'retries'> {
  dryRun?: boolean;
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
  /** Settles the output before the command runs, so a bad `--jq` is exit 2 before any request. */
  prepareOutput(): Promise<void>;
  /** The resolved settings; an unknown profile is exit 2 unless the command creates profiles. */
  settings(options?: { mayCreateProfile?: boolean }): Promise<Settings>;
  store(): Promise<ProfileStore>;
  /** The API key in use, read from the keychain only here, when a command needs it; a keychain that withholds it is exit 3. */
  apiKey(): Promise<string | undefined>;
  /** The HTTP layer bound to the resolved zone, base URL and key. */
  http(options?: HttpOptions): Promise<Http>;
  /** The project id, or a usage error naming `--project`. */
  projectId(): Promise<string>;
  /** Asks a yes/no question, or for `expected` to be typed back. */
  prompt(question: string, options?: { hidden?: boolean }): Promise<string>;
  readStdin(): Promise<string>;
  inForeground<T>(work: () => Promise<T>): Promise<T>;
  /** Lets go of the local data folder while dgw waits for a person (another dgw may use it meanwhile); the next request takes it again. */
  releaseLocal(): Promise<void>;
  /** No pager for the rest of the command, for commands that talk with a person or run until stopped. */
  stopPaging(): void;
  /** Runs the cleanup registered as the command ran (the pager ends, the in-process gateway closes), last registered first. */
  close(): Promise<void>;
}

/** The clock of a real run. Node's timer takes its abort listener away when a sleep ends: a wait of many polls leaves none behind. */
export const realClock: Clock = {
  now: () => Date.now(),
  async sleep(ms, signal) {
    try {
      await wait(ms, undefined, { signal });
    } catch (error) {
      throw signal?.aborted ? new InterruptedError() : error;
    }
  },
};

export function createContext(deps: ContextDeps, globals: GlobalOptions): Context {
  const { io, env, cwd, signal } = deps;
  const color = colorFor(io.stdout, env, globals.color);
  const errColor = colorFor(io.stderr, env, globals.color);
  let settingsPromise: Promise<{ settings: Settings; unknownProfile?: UsageError }> | undefined;
  let storePromise: Promise<ProfileStore> | undefined;
  let keyPromise: Promise<string | undefined> | undefined;
  let mayCreateProfile = false;
  const closers: Array<() => Promise<void> | void> = [];
  const run = deps.run ?? newRunRecord();
  const deferred = { warning: (message: string) => void run.warnings.push(message) };
  const clock = deps.clock ?? realClock;
  const screen = { width: terminalSize(io.stdout, env)?.columns, now: () => clock.now() };
  // The streams commands write to: the process's, or a pager's in front of them (prepareOutput).
  let streams: Io = io;
  /** The local gateways this command reached (in-process ones hold the data folder). */
  const locals: LocalConnection[] = [];
  let pager: Pager | undefined;
  const outputFor = (mode: OutputMode, serializers?: Serializers) => {
    const output = new Output(mode, streams.stdout, streams.stderr, color, serializers, deferred, screen, (text) => carryTarget(text, globals));
    run.structured = output.json;
    return output;
  };
  let out = outputFor(outputMode(globals, io.stdout));
  const inForeground = <T>(work: () => Promise<T>) => (deps.inForeground ? deps.inForeground(work) : work());
  /** A pager only for a table a person reads on a terminal; structured output stays exactly as it is. */
  const pagerFor = async (mode: OutputMode): Promise<Pager | undefined> => {
    const size = terminalSize(io.stdout, env);
    if (mode.kind !== 'table' || !size || env.CI || globals.pager === false) return undefined;
    const { Pager, pagerCommand } = await import('./output/pager.js');
    const command = pagerCommand(env);
    return command && new Pager({ command, env, size, stdout: io.stdout, stderr: io.stderr, inForeground });
  };
  const resolved = () =>
    (settingsPromise ??= (async () => {
      // Settings only read the user store: straight from its file, without loading conf.
      const dir = configDir(env);
      const stored = readStoreFile(dir);
      const loose = tightenStoreMode(dir, stored);
      if (loose) out.warn(loose);
      const { file: projectFile, ignored, foreign } = await findProjectFile(cwd);
      for (const code of ignored) out.warn(`ignored ${code}: dgw reads project settings only from JSON or YAML (.dgwrc, .dgwrc.json, .dgwrc.yaml, package.json "dgw"), never runs code`);
      for (const { filepath, uid } of foreign) out.warn(`ignored ${filepath}: it belongs to user id ${uid}, not to you, and could point dgw at a host of theirs`);
      const settings = resolveSettings({ flags: globals, env, projectFile, store: stored });
      return { settings, unknownProfile: unknownProfileError(settings, stored) };
    })());

  const ctx: Context = {
    get io() {
      return streams;
    },
    env,
    cwd,
    globals,
    get out() {
      return out;
    },
    color: errColor,
    signal,
    clock,
    // CI runs never prompt, even when a runner allocates a terminal.
    interactive: deps.interactive ?? (!env.CI && io.stderr.isTTY === true && io.stdin.isTTY === true),

    async prepareOutput() {
      let setting;
      try {
        // An unknown profile is the command's to report, when it needs settings at all.
        setting = (await resolved()).settings.output.value;
      } catch {
        // Unresolvable settings fail only the commands that need them; completion and version still run.
      }
      const mode = outputMode(globals, io.stdout, setting);
      pager = await pagerFor(mode);
      if (pager) {
        streams = { ...io, stdout: pager.stdout, stderr: pager.stderr };
        // Registered first, so it ends last: after the gateway closed, before an error is reported.
        const paged = pager;
        closers.push(() => paged.end());
      }
      out = outputFor(mode, await loadSerializers(mode, env));
    },

    store() {
      storePromise ??= ProfileStore.open(configDir(env));
      return storePromise;
    },

    async settings(options = {}) {
      if (options.mayCreateProfile) mayCreateProfile = true;
      const { settings, unknownProfile } = await resolved();
      if (unknownProfile && !mayCreateProfile) throw unknownProfile;
      // A profile about to be made gets a name that is safe to show and type.
      if (unknownProfile && mayCreateProfile) checkNewProfileName(settings);
      return settings;
    },

    apiKey() {
      keyPromise ??= (async () => {
        const s = await ctx.settings();
        if (!s.keychainAccount) return checkKey(s.apiKey.value, s.apiKey.origin ?? s.apiKey.source);
        const { openKeychain, keychainReadError } = await import('./config/keychain.js');
        try {
          const key = await (await openKeychain(signal)).get(s.keychainAccount);
          if (!key) throw keychainReadError(s.profile.value, 'it holds no entry for this profile (was it removed?)');
          return checkKey(key, 'the OS keychain');
        } catch (error) {
          if (error instanceof DgwError) throw error;
          throw keychainReadError(s.profile.value, (error as Error).message);
        }
      })();
      return keyPromise;
    },

    async projectId() {
      const s = await ctx.settings();
      if (!s.projectId.value) {
        // With no key at all this is a new user: a missing key (exit 3), how to log in first, and the local gateway needs no account.
        if (s.apiKey.source === 'default') {
          throw new AuthError('no project id and no API key: log in with `dgw auth login` (the key is made in the web app; docs/auth.md says where), or add --zone local to work offline with no account');
        }
        // GET /info names a project key's project, but only auth login and status send it (docs/auth.md): here it is a hint.
        const hint = s.apiKey.source === 'env' ? 'a project key in DGW_API_KEY belongs to one project: `dgw auth status` names it' : undefined;
        throw new UsageError('no project id: pass --project, set DGW_PROJECT, or run `dgw config set project ID`', hint);
      }
      const { source, origin } = s.projectId;
      const label = source === 'flag' || source === 'env' ? (origin ?? '--project') : `the project id (from ${origin ?? source})`;
      const id = checkSegment(s.projectId.value.trim() ? s.projectId.value : '', label);
      // The local gateway names a file after the id: one it can never hold is refused here, before any request.
      if (s.baseUrl.value === undefined && !validProjectId(id)) throw new UsageError(`${label} "${id}" can name no project of the local gateway: ${PROJECT_ID_RULE}`);
      return id;
    },

    async http(options = {}) {
      const s = await ctx.settings();
      let baseUrl = s.baseUrl.value;
      let apiKey = options.apiKey ?? (await ctx.apiKey());
      let transport: Transport | undefined;
      let gatewayKey = false;
      let inProcess = false;
      let servedDataDir: string | undefined;
      let refusedKeyHint: string | undefined;
      const localGateway = baseUrl === undefined;
      // With structured output stderr is JSON only: each trace line is a JSON line of its own.
      const trace = globals.debug
        ? (line: string) => streams.stderr.write(run.structured ? `${JSON.stringify({ debug: line })}\n` : `${errColor.dim(line)}\n`)
        : undefined;
      if (options.dryRunReads && !options.dryRun) throw new UsageError('--with-reads goes with --dry-run: it lets a dry run read what the change would affect');
      if (baseUrl === undefined && options.dryRun && !options.dryRunReads) {
        // A dry run opens nothing: not even the in-process gateway on the data folder.
        const { describeLocal } = await import('./gateway/connect.js');
        ({ baseUrl, apiKey } = await describeLocal({ env, apiKey }));
      } else if (baseUrl === undefined) {
        const { connectLocal } = await import('./gateway/connect.js');
        // DuckDB's file lock must go when the gateway closes, not at exit, or a pager's wait would hold it from the next command.
        const local = await connectLocal({ env, apiKey, trace, signal });
        locals.push(local);
        closers.push(() => local.close());
        baseUrl = local.baseUrl;
        gatewayKey = apiKey === undefined;
        apiKey = local.apiKey;
        transport = local.transport;
        inProcess = local.mode === 'in-process';
        if (!inProcess) servedDataDir = local.dataDir;
        if (!gatewayKey && options.apiKey === undefined) refusedKeyHint = localKeyHint(s, local.dataDir);
      }
      if (!apiKey) throw missingKeyError(s);
      trace?.(`# zone ${s.zone.value} (${s.zone.source}), key ${maskKey(apiKey)} (${keyOrigin(s, options.apiKey !== undefined, gatewayKey)})`);
      return new Http({
        baseUrl,
        apiKey,
        timeoutMs: s.timeoutMs.value,
        transport,
        inProcess,
        localGateway,
        servedDataDir,
        refusedKeyHint,
        signal,
        trace,
        retries: options.retries,
        dryRun: options.dryRun ? (view) => printDryRun(ctx, view) : undefined,
        dryRunReads: options.dryRunReads,
        sent: run.sent,
      });
    },

    async prompt(question, options = {}) {
      pager?.settle();
      await ctx.releaseLocal();
      const { promptLine } = await import('./output/prompt.js');
      return promptLine(io, question, { hidden: options.hidden, signal });
    },

    readStdin: () => readAll(io.stdin),

    async inForeground(work) {
      pager?.settle();
      await ctx.releaseLocal();
      return inForeground(work);
    },

    async releaseLocal() {
      for (const local of locals) await local.release();
    },

    stopPaging() {
      pager?.settle();
      // A readline or a server writes to the terminal's own streams.
      streams = io;
    },

    async close() {
      for (const fn of closers.splice(0).reverse()) await fn();
    },
  };
  return ctx;
}

/** Why a key the user chose may not open this data folder: the local gateway's keys are its folder's own. */
function localKeyHint(s: Settings, dataDir: string): string {
  const fromProfile = s.apiKey.source === 'profile';
  const whose = fromProfile ? `profile ${s.profile.value}'s key (stored for the local gateway)` : `the key in ${s.apiKey.origin ?? s.apiKey.source}`;
  const instead = fromProfile ? 'use a profile that stores no key' : `leave ${s.apiKey.origin ?? 'it'} unset`;
  return `${whose} may be another data folder's: each folder makes its own keys, and this one is ${dataDir}; ${instead}, and dgw uses this folder's own key`;
}

/** Where the key in use came from, for the `--debug` trace: given, env, a profile (and its host), the local gateway. */
function keyOrigin(s: Settings, given: boolean, gatewayKey: boolean): string {
  const withheld = s.withheldKey ? `; profile ${s.withheldKey.profile}'s key is bound to ${describeBinding(s.withheldKey.boundTo)} and not sent` : '';
  if (given) return 'given';
  if (gatewayKey) return `the local gateway's own${withheld}`;
  if (s.apiKey.source === 'profile') return `${s.apiKey.origin}, bound to ${describeBinding(s.keyBoundTo.value ?? '')}`;
  return `${s.apiKey.source}${withheld}`;
}

function printDryRun(ctx: Context, view: DryRunView): void {
  if (ctx.out.json) {
    const { method, url, headers, body, effects } = view;
    ctx.out.value({ dryRun: true, method, url, headers, body: body ?? null, effects: effects?.facts ?? null } satisfies DryRun);
    return;
  }
  const lines = [`${view.method} ${view.url}`, ...Object.entries(view.headers).map(([k, v]) => `${k}: ${v}`)];
  if (view.body !== undefined) lines.push('', JSON.stringify(view.body, null, 2));
  if (view.effects) lines.push('', ...view.effects.lines);
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
  ctx.io.stderr.write(`${ctx.color.dim('(dry run: this request was not sent)')}\n`);
}

/** What a dry run prints with --json, per request (src/contract/records.ts). */
type DryRun = Static<typeof DryRunSchema>;

/** A key with a line break, space or control character can never go in a header: input to fix (exit 2), not a network failure. */
function checkKey(key: string | undefined, from: string): string | undefined {
  if (key === undefined || /^[\x21-\x7e]+$/.test(key)) return key;
  throw new UsageError(`the API key (from ${from}) holds a space, a line break or another character no key has`, 'set it again without it (a key file read with its trailing newline is a common cause)');
}
