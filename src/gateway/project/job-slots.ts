import { heldUntil, outsideRequest, underTimeLimit, type TimeLimit } from '../request-scope.js';
import type { CloseOptions } from './store.js';

/** Background jobs running at once: each statement holds one of libuv's threads (16 in dgw serve), so the rest stay free for requests. */
export const JOB_SLOTS = 8;

/** Runs a background job outside the request that started it, once a slot is free (at once when `stop`
 * aborts first, so the job writes that it was cancelled), under its time limit from then on. */
export function runInTurn(stop: AbortSignal, limit: TimeLimit, work: () => Promise<void>): Promise<void> {
  return outsideRequest(async () => {
    const release = await takeSlot(stop);
    try {
      await underTimeLimit(limit, work);
    } finally {
      release();
    }
  });
}

/** How background jobs end when their project closes: each awaited (`wait`, until `signal` aborts), then `stop` for what still runs. */
export async function endJobs(running: Map<string, { done: Promise<void> }>, options: CloseOptions, stop: (id: string) => Promise<unknown>): Promise<void> {
  for (const [id, job] of [...running]) {
    if (options.wait) await heldUntil(job.done, Infinity, options.signal);
    if (running.has(id)) await stop(id);
  }
}

let taken = 0;
const waiting: Array<() => void> = [];

/** Resolves with the slot's release once one is free; at once, holding none, when `signal` aborts first. */
function takeSlot(signal: AbortSignal): Promise<() => void> {
  if (signal.aborted) return Promise.resolve(() => undefined);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // Handed straight to the next in line, so no newcomer takes it in between.
    const next = waiting.shift();
    if (next) next();
    else taken -= 1;
  };
  if (taken < JOB_SLOTS) {
    taken += 1;
    return Promise.resolve(release);
  }
  return new Promise((resolve) => {
    const handOver = () => {
      signal.removeEventListener('abort', giveUp);
      resolve(release);
    };
    const giveUp = () => {
      waiting.splice(waiting.indexOf(handOver), 1);
      resolve(() => undefined);
    };
    waiting.push(handOver);
    signal.addEventListener('abort', giveUp, { once: true });
  });
}
