import type { Gateway } from './gateway.js';
import type { CacheState, QueryRow } from './project/index.js';

/** Time as the scheduler sees it; tests hand in their own. */
export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realSchedulerClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Runs materialized queries' and caches' schedules while served; a running refresh is not started twice, missed times fire once. */
export class Scheduler {
  private timer: unknown;
  private stopped = true;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly gateway: Gateway,
    private readonly clock: SchedulerClock = realSchedulerClock,
    private readonly tickMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** One pass over every open project; returns the ids of the queries and caches it started refreshing. */
  async tick(): Promise<string[]> {
    const started: string[] = [];
    const now = this.clock.now();
    // A change of connections closes a project to attach them; its schedules must not stop with it.
    await this.gateway.openReopened();
    for (const project of await this.gateway.openProjects()) {
      for (const q of await project.materializedQueries().catch((): QueryRow[] => [])) {
        const due = project.nextRun(q);
        if (due === undefined || due > now || project.isRefreshing(q.id)) continue;
        try {
          await project.refresh(q.id);
          started.push(q.id);
        } catch {
          // The query went away or the project is closing; the next tick sees the new state.
        }
      }
      for (const state of await project.cacheStates().catch((): CacheState[] => [])) {
        const [mode] = await project.dueCacheRuns(state, now);
        if (mode === undefined || project.isCacheRunning(state.cache.id)) continue;
        try {
          await project.refreshCache(state.cache.id, mode, true);
          started.push(state.cache.id);
        } catch {
          // As above: the next tick sees the new state.
        }
      }
    }
    return started;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.ticking = this.tick().then(
        () => undefined,
        () => undefined,
      );
      void this.ticking.then(() => this.schedule());
    }, this.tickMs);
  }
}
