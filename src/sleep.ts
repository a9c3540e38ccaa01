import { setTimeout } from 'node:timers/promises';
import { InterruptedError } from './errors.js';

/** Waits `ms`, or ends with InterruptedError on abort; Node's timer takes its abort listener away either way, so none pile up. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await setTimeout(ms, undefined, { signal });
  } catch (error) {
    throw signal?.aborted ? new InterruptedError() : error;
  }
}
