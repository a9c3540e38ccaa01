import type { Command } from 'commander';
import type { ContextDeps } from '../../context.js';

/** How long one Tab may take before completion gives up silently. */
const TAB_TIMEOUT = '4s';

/**
 * The hidden command the completion scripts call for live values: `dgw __complete -- WORDS...`,
 * the words typed after `dgw`, the last one being the word under the cursor. It prints the
 * values that fit, one per line, and nothing else: never an error (a Tab must not print one),
 * never a prompt, at most one request (CompletionCache).
 */
export function registerComplete(program: Command, deps: ContextDeps): void {
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .helpOption(false)
    .allowUnknownOption()
    .action(async (words: string[] = []) => {
      try {
        await printLiveValues(deps, words);
      } catch {
        // Silence is the answer to any failure: no network, no key, a bad profile...
      }
    });
}

async function printLiveValues(deps: ContextDeps, words: string[]): Promise<void> {
  const [{ buildProgram }, { completionTarget }, { liveValues }, { CompletionCache }, { createContext }, { userCacheDir }, path] = await Promise.all([
    import('../../program.js'),
    import('../../completion/words.js'),
    import('../../completion/values.js'),
    import('../../completion/cache.js'),
    import('../../context.js'),
    import('../../config/user-dirs.js'),
    import('node:path'),
  ]);
  const silent = { write: () => true };
  // The whole tree, built on inert streams: it is read, never run.
  const target = completionTarget(buildProgram({ ...deps, io: { ...deps.io, stdout: silent, stderr: silent } }), words);
  if (!target.kind) return;
  const signal = AbortSignal.any([deps.signal, AbortSignal.timeout(8_000)]);
  const ctx = createContext({ ...deps, io: { ...deps.io, stderr: silent }, interactive: false, signal }, { ...target.globals, timeout: TAB_TIMEOUT });
  try {
    const cache = new CompletionCache(path.join(userCacheDir(deps.env), 'completion'));
    const values = await liveValues(ctx, target, cache);
    if (values.length > 0) deps.io.stdout.write(`${values.join('\n')}\n`);
  } finally {
    await ctx.close();
  }
}
