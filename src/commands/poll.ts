import { localGatewayFault, type Http } from '../api/http.js';
import type { Context } from '../context.js';
import type { Settings } from '../config/settings.js';
import { InterruptedError, RefreshFailedError, WaitTimeoutError, type DgwError } from '../errors.js';

/** How a wait polls: its bound, and intervals that double from the first to the most. */
export interface PollPlan {
  deadlineMs: number;
  firstPollMs: number;
  maxPollMs: number;
  /** The service holds each poll until the job ends, the interval at most (the local gateway's `waitMs`), instead of dgw sleeping it. */
  heldPolls: boolean;
}

/** How long a wait may last: --timeout when given, else `otherwise` (the default time limit bounds each request, not a wait). */
export function waitLimitMs(settings: Settings, otherwise: number): number {
  return settings.timeoutMs.source === 'flag' ? settings.timeoutMs.value : otherwise;
}

/** Reads until `ended` gives the answer; the read after which the deadline would pass throws `gaveUp` of it. */
export async function pollUntil<T, R>(ctx: Context, http: Http, plan: PollPlan, read: (holdMs: number) => Promise<T>, ended: (value: T) => R | undefined, gaveUp: (last: T) => Error): Promise<R> {
  const deadline = ctx.clock.now() + plan.deadlineMs;
  let delay = plan.firstPollMs;
  let hold = 0;
  for (;;) {
    const asked = ctx.clock.now();
    const value = await read(hold);
    const answer = ended(value);
    if (answer !== undefined) return answer;
    if (ctx.clock.now() + delay > deadline) throw gaveUp(value);
    // A held poll answered at once (nothing running to hold it for) waits out its hold here, so a wait never spins.
    const pause = plan.heldPolls ? asked + hold - ctx.clock.now() : delay;
    if (pause > 0) await ctx.clock.sleep(pause, ctx.signal);
    // A held poll must end well within the time limit of its request.
    if (plan.heldPolls) hold = Math.min(delay, Math.floor(http.timeoutMs / 2));
    delay = Math.min(delay * 2, plan.maxPollMs);
  }
}

/** A refresh that ended other than COMPLETED: exit 10, or 13 for the local gateway's "the disk is full" (its own words, never a SQL error's). */
export function refreshEndedError(message: string, reason: string | null | undefined, localGateway: boolean): DgwError {
  return (localGateway && reason?.startsWith('the disk is full:') && localGatewayFault('DISK_FULL', message)) || new RefreshFailedError(message);
}

/** A wait stopped by Ctrl-C or --timeout leaves the work going on: the error says how to follow or stop it. */
export function stoppedWaiting(error: unknown, advice: string): never {
  if (error instanceof InterruptedError) throw new InterruptedError(advice);
  if (error instanceof WaitTimeoutError) throw new WaitTimeoutError(error.message, advice);
  throw error;
}
