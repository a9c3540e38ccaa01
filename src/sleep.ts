import { InterruptedError } from './errors.js';

/**
 * Waits `ms`, or ends at once with InterruptedError when `signal` aborts (Ctrl-C). Its abort
 * listener is taken away whichever comes first, so many waits on one signal leave none behind.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError());
    const stop = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
