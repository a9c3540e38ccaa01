import { existsSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_DEFAULT_PROJECT } from '../config/zones.js';
import type { Duration } from '../schedule/duration.js';
import { MIN_INTERVAL } from '../schedule/minimum.js';
import { loadDuckDB, type DuckDBModule } from './duckdb.js';
import { notFound } from './errors.js';
import { KeyStore } from './keys.js';
import { projectFile } from './paths.js';
import { ProjectDb, type CloseOptions } from './project/index.js';

/** How to open a local gateway. */
export interface GatewayOptions {
  /** The data folder; undefined keeps everything in memory (tests). */
  dataDir?: string;
  /** Fixes (and stores) the partner key. */
  partnerKey?: string;
  now?: () => number;
  /** Seed the demo dataset into project `demo` on its first start (default true). */
  seed?: boolean;
  /** The shortest schedule interval accepted (default one minute; DGW_LOCAL_MIN_INTERVAL). */
  minInterval?: Duration;
}

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The local gateway's state: keys, and one DuckDB database per project, opened on first use. */
export class Gateway {
  private readonly projects = new Map<string, Promise<ProjectDb>>();
  private closing = false;

  private constructor(
    readonly duck: DuckDBModule,
    readonly keys: KeyStore,
    readonly options: GatewayOptions,
    readonly now: () => number,
  ) {}

  /** Loads DuckDB, the keys (made on first start) and the demo project (seeded on first start). */
  static async open(options: GatewayOptions = {}): Promise<Gateway> {
    const duck = await loadDuckDB();
    const now = options.now ?? Date.now;
    if (options.dataDir) await mkdir(join(options.dataDir, 'projects'), { recursive: true, mode: 0o700 });
    const keys = await KeyStore.open(options.dataDir, { partnerKey: options.partnerKey, now });
    const gateway = new Gateway(duck, keys, options, now);
    await keys.ensureInitialKey(LOCAL_DEFAULT_PROJECT);
    await gateway.project(LOCAL_DEFAULT_PROJECT, { create: true });
    return gateway;
  }

  /** The shortest schedule interval this gateway accepts. */
  get minInterval(): Duration {
    return this.options.minInterval ?? MIN_INTERVAL;
  }

  /** True when the id can name a project (and a file). */
  static validProjectId(id: string): boolean {
    return PROJECT_ID.test(id);
  }

  /** Whether a project exists (open, or a database file in the data folder). */
  exists(id: string): boolean {
    if (this.projects.has(id)) return true;
    return this.options.dataDir !== undefined && Gateway.validProjectId(id) && existsSync(projectFile(this.options.dataDir, id));
  }

  /** A project's database; `create` makes a new project (the partner key does that on first use). */
  project(id: string, options: { create: boolean }): Promise<ProjectDb> {
    if (!Gateway.validProjectId(id)) return Promise.reject(notFound(`project ${id} not found`));
    let p = this.projects.get(id);
    if (!p) {
      if (!options.create && !this.exists(id)) return Promise.reject(notFound(`project ${id} not found`));
      if (this.closing) return Promise.reject(new Error('the gateway is closing'));
      p = ProjectDb.open(this.duck, {
        id,
        file: this.options.dataDir ? projectFile(this.options.dataDir, id) : undefined,
        now: this.now,
        seed: id === LOCAL_DEFAULT_PROJECT && this.options.seed !== false,
      });
      this.projects.set(id, p);
      p.catch(() => this.projects.delete(id));
    }
    return p;
  }

  /** Every project: those open now and those with a database in the data folder, by id. */
  async projectIds(): Promise<string[]> {
    const ids = new Set(this.projects.keys());
    if (this.options.dataDir) {
      for (const f of await readdir(join(this.options.dataDir, 'projects')).catch(() => [] as string[])) {
        const m = /^(.+)\.duckdb$/.exec(f);
        if (m && Gateway.validProjectId(m[1])) ids.add(m[1]);
      }
    }
    return [...ids].sort();
  }

  /** When a project's database file was made (or last changed, where the file system keeps no birth time); undefined in memory. */
  async projectCreatedAt(id: string): Promise<string | undefined> {
    if (!this.options.dataDir || !Gateway.validProjectId(id)) return undefined;
    const info = await stat(projectFile(this.options.dataDir, id)).catch(() => undefined);
    if (!info) return undefined;
    return new Date(info.birthtimeMs > 0 ? info.birthtimeMs : info.mtimeMs).toISOString();
  }

  /** Projects whose databases are open now. */
  async openProjects(): Promise<ProjectDb[]> {
    const settled = await Promise.allSettled([...this.projects.values()]);
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  }

  /** Opens every project of the data folder (a served gateway does, so their schedules run). */
  async openAll(): Promise<void> {
    if (!this.options.dataDir) return;
    const files = await readdir(join(this.options.dataDir, 'projects')).catch(() => [] as string[]);
    for (const f of files) {
      const m = /^(.+)\.duckdb$/.exec(f);
      if (m && Gateway.validProjectId(m[1])) await this.project(m[1], { create: false }).catch(() => undefined);
    }
  }

  /** Closes every project: running refreshes are awaited (`wait`, until `signal` aborts) or cancelled. */
  async close(options: CloseOptions = { wait: false }): Promise<void> {
    this.closing = true;
    for (const p of await this.openProjects()) await p.close(options);
    this.projects.clear();
  }
}
