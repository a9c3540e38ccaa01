import type { Command } from 'commander';
import type { ContextDeps } from '../../context.js';

/** How long the one request of a Tab may take: past it, the Tab offers nothing rather than hang the shell. */
const TAB_TIMEOUT = '2s';
/** How long a whole Tab may take, start-up included, when a service is asked over the network. */
const TAB_DEADLINE_MS = 3_000;
/** An in-process local gateway gets longer: opening DuckDB is bounded, but a loaded machine can take seconds. */
const LOCAL_TAB_DEADLINE_MS = 8_000;

/** `bashLine`: the command line up to the cursor (bash's COMP_LINE), read here; `wordBreaks`: bash's COMP_WORDBREAKS. */
interface CompleteOptions {
  bashLine?: string;
  wordBreaks?: string;
}

/** The hidden command completion scripts call; it prints fitting values only, never an error or prompt, with at most one request. */
export function registerComplete(program: Command, deps: ContextDeps): void {
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .option('--bash-line <line>')
    .option('--word-breaks <chars>')
    .helpOption(false)
    .allowUnknownOption()
    .action(async (words: string[] = [], opts: CompleteOptions = {}) => {
      try {
        await printLiveValues(deps, words, opts);
      } catch {
        // Silence is the answer to any failure: no network, no key, a bad profile...
      }
    });
}

async function printLiveValues(deps: ContextDeps, typed: string[], opts: CompleteOptions): Promise<void> {
  const started = Date.now();
  const deadline = new AbortController();
  let timer = setTimeout(() => deadline.abort(new Error('the Tab took too long')), TAB_DEADLINE_MS).unref();
  const [{ buildProgram }, { completionTarget }, { liveValues }, { CompletionCache }, { createContext }, { userCacheDir }, { readBashLine }, path] = await Promise.all([
    import('../../program.js'),
    import('../../completion/words.js'),
    import('../../completion/values.js'),
    import('../../completion/cache.js'),
    import('../../context.js'),
    import('../../config/user-dirs.js'),
    import('../../completion/bash-line.js'),
    import('node:path'),
  ]);
  const bash = opts.bashLine === undefined ? undefined : readBashLine(opts.bashLine, opts.wordBreaks);
  const words = bash ? bash.words : typed;
  const silent = { write: () => true };
  // The whole tree, built on inert streams: it is read, never run.
  const target = completionTarget(await buildProgram({ ...deps, io: { ...deps.io, stdout: silent, stderr: silent } }), words);
  if (!target.kind) return;
  const signal = AbortSignal.any([deps.signal, deadline.signal]);
  const ctx = createContext({ ...deps, io: { ...deps.io, stderr: silent }, interactive: false, signal }, { ...target.globals, timeout: TAB_TIMEOUT });
  try {
    if ((await ctx.settings()).zone.value === 'local') {
      clearTimeout(timer);
      timer = setTimeout(() => deadline.abort(new Error('the Tab took too long')), Math.max(0, LOCAL_TAB_DEADLINE_MS - (Date.now() - started))).unref();
    }
    const cache = new CompletionCache(path.join(userCacheDir(deps.env), 'completion'));
    const values = await Promise.race([liveValues(ctx, target, cache), aborted(signal)]);
    // After --opt=, the values answer the part after = and bash's word is the whole --opt=value.
    const typed = words.at(-1) ?? '';
    const lines = bash ? values.map((v) => bash.replacement(typed.slice(0, typed.length - target.current.length) + v)) : values;
    if (lines.length > 0 && !signal.aborted) deps.io.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    clearTimeout(timer);
    await ctx.close();
  }
}

/** Rejects when `signal` aborts: a Tab stops waiting at its deadline, whatever it waits on. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
