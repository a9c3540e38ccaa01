import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { realClock } from '../src/context.js';
import { InterruptedError } from '../src/errors.js';

// A wait polls by sleeping on the command's signal (an export on the hosted service, a
// materialized refresh): each sleep that ends must take its abort listener away, or the
// eleventh poll prints Node's MaxListenersExceededWarning on the user's stderr (it did, in an
// in-process export that polled eleven times).

describe('the real clock', () => {
  it('leaves no abort listener on the signal after sleeps that ended', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 12; i++) await realClock.sleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('still ends a sleep at once when the signal aborts: InterruptedError', async () => {
    const controller = new AbortController();
    // Ten minutes, far past the test's own limit: only the abort can end this sleep before it fails.
    const sleeping = realClock.sleep(600_000, controller.signal);
    setImmediate(() => controller.abort());
    await expect(sleeping).rejects.toBeInstanceOf(InterruptedError);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    await expect(realClock.sleep(1, controller.signal)).rejects.toBeInstanceOf(InterruptedError);
  });
});
