import type { Gateway } from './gateway.js';
import type { CacheState, ProjectStore, QueryRow } from './project/index.js';
import { freshenConnectedFiles } from './project/connected-files.js';
import { readMaterialized } from './project/query-rows.js';
import * as refresh from './project/refresh.js';

/** Time as the scheduler sees it; tests hand in their own. */
export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realSchedulerClock: SchedulerClock = {
  now: () => Date.now(),
  // unref returns the timer: a pending tick does not keep the process alive.
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Runs materialized queries' and caches' schedules while served (missed times fire once), one pass per project so a project waiting for its lock holds back no other. */
export class Scheduler {
  private timer: unknown;
  /** Set by stop: no more ticks, and a pass still going starts no more refreshes. */
  private stopped = false;
  private gathering = false;
  /** Projects whose pass has not ended: skipped by later ticks until it does. */
  private readonly passing = new Set<ProjectStore>();

  constructor(
    private readonly gateway: Gateway,
    private readonly clock: SchedulerClock = realSchedulerClock,
    private readonly tickMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Starts nothing more; a pass still waiting ends when the gateway closes its project. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One pass over every open project not already in one; returns the ids of the queries and caches it started refreshing. */
  async tick(): Promise<string[]> {
    return (await Promise.all(await this.startPasses())).flat();
  }

  private async startPasses(): Promise<Array<Promise<string[]>>> {
    const now = this.clock.now();
    // A change of connections closes a project to attach them; its schedules must not stop with it.
    await this.gateway.openReopened();
    const projects = (await this.gateway.openProjects()).filter((p) => !this.passing.has(p));
    return projects.map((p) => this.pass(p, now));
  }

  private async pass(project: ProjectStore, now: number): Promise<string[]> {
    const started: string[] = [];
    this.passing.add(project);
    // A refresh reading a connected file reads it as it is now, as a request does; a pass that starts none stats no file.
    const fresh = () => freshenConnectedFiles(project).catch(() => undefined);
    try {
      for (const q of await project.withConnection(readMaterialized).catch((): QueryRow[] => [])) {
        if (this.stopped) break;
        try {
          const due = refresh.nextRun(project, q);
          if (due === undefined || due > now || project.running.has(q.id)) continue;
          await fresh();
          await refresh.refresh(project, q.id);
          started.push(q.id);
        } catch {
          // The query went away, its stored zone is one the runtime lacks (skip it alone), or the project is closing.
        }
      }
      // Loaded here, not at start-up: a command that touches no cache does not load it.
      const caches = await import('./project/caches.js');
      for (const state of await caches.cacheStates(project).catch((): CacheState[] => [])) {
        if (this.stopped) break;
        try {
          const due = caches.nextRuns(state.cache, state).find((d) => d.at <= now);
          if (due === undefined || caches.isRunning(project, state.cache.id)) continue;
          await fresh();
          await caches.startRun(project, state.cache.id, due.mode, true);
          started.push(state.cache.id);
        } catch {
          // As above: the next tick sees the new state.
        }
      }
    } finally {
      this.passing.delete(project);
    }
    return started;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      // The next tick does not wait for this one's passes: a slow project is skipped until its pass ends.
      if (!this.gathering) {
        this.gathering = true;
        this.startPasses().then(
          (passes) => {
            this.gathering = false;
            for (const pass of passes) pass.catch(() => undefined);
          },
          () => (this.gathering = false),
        );
      }
      this.schedule();
    }, this.tickMs);
  }
}
