import type { Context } from '../context.js';
import { formatElapsed, liveLineAllowed, startLiveLine, type LiveLine } from '../output/progress.js';

/** How long work runs before a spinner says it is still going: quick commands stay quiet. */
const QUIET_MS = 1000;

/** On a terminal, a spinner once `work` has taken a second; nothing in a pipe, CI or structured output. */
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
