/**
 * Background jobs (refreshes, cache runs, metadata reads) running at once in this process. Each
 * running DuckDB statement holds one of libuv's threads (16 in dgw serve) until it ends: the rest
 * stay free for requests, and further jobs wait their turn.
 */
export const JOB_SLOTS = 8;

let taken = 0;
const waiting: Array<() => void> = [];

/** Resolves with the slot's release once one is free; at once, holding none, when `signal` aborts first. */
export function takeSlot(signal: AbortSignal): Promise<() => void> {
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
