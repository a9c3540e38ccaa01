import { vi } from 'vitest';
import { ProjectStore } from '../../src/gateway/project/store.js';

/**
 * Spies on the project stores so a test knows when a request's connection is at work (leased for
 * run SQL, or inside a change): what it does next happens while that statement runs, however busy
 * the machine. Returns a function whose promise resolves at the next such moment; undo with vi.restoreAllMocks().
 */
export function watchConnectionsAtWork(): () => Promise<void> {
  let atWork: () => void = () => undefined;
  const lease = ProjectStore.prototype.lease;
  vi.spyOn(ProjectStore.prototype, 'lease').mockImplementation(async function (this: ProjectStore) {
    const leased = await lease.call(this);
    atWork();
    return leased;
  });
  // Private, so reached by name: a change's connection is at work from this call on.
  const proto = ProjectStore.prototype as unknown as { atWork: (...args: unknown[]) => Promise<unknown> };
  const work = proto.atWork;
  vi.spyOn(proto, 'atWork').mockImplementation(function (this: ProjectStore, ...args: unknown[]) {
    const running = work.apply(this, args);
    atWork();
    return running;
  });
  return () =>
    new Promise<void>((resolve) => {
      atWork = () => {
        atWork = () => undefined;
        resolve();
      };
    });
}
