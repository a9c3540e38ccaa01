import type { Context } from '../context.js';
import { formatElapsed, liveLineAllowed, startLiveLine, type LiveLine } from '../output/progress.js';

/** How long work runs before a spinner says it is still going: quick commands stay quiet. */
const QUIET_MS = 1000;

/**
 * Runs `work`; on a terminal, once it has taken a second, a spinner with `label` and the time so
 * far until it ends. Nothing is drawn in a pipe, in CI or with structured output.
 */
export async function whileWorking<T>(ctx: Context, label: string, work: () => Promise<T>): Promise<T> {
  if (!liveLineAllowed(ctx.io.stderr, ctx.env, ctx.out.mode)) return work();
  const started = ctx.clock.now();
  const done = new AbortController();
  let live: LiveLine | undefined;
  void ctx.clock.sleep(QUIET_MS, done.signal).then(
    () => {
      if (!done.signal.aborted) live = startLiveLine(ctx.io.stderr, () => `${label}, ${formatElapsed(ctx.clock.now() - started)}`, true);
    },
    () => undefined,
  );
  try {
    return await work();
  } finally {
    done.abort();
    live?.stop();
  }
}
