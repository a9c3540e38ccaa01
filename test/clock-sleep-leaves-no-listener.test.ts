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
    const started = Date.now();
    const sleeping = realClock.sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(sleeping).rejects.toBeInstanceOf(InterruptedError);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(realClock.sleep(1, controller.signal)).rejects.toBeInstanceOf(InterruptedError);
  });
});
