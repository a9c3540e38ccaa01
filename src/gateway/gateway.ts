import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { DuckDBInstance } from '@duckdb/node-api';
import { LOCAL_DEFAULT_PROJECT } from '../config/zones.js';
import type { Duration } from '../schedule/duration.js';
import { MIN_INTERVAL } from '../schedule/minimum.js';
import { loadDuckDB, type DuckDBModule } from './duckdb.js';
import { notFound, reopenStop, type HttpError } from './errors.js';
import { KeyStore } from './keys.js';
import { defaultLimits, type GatewayLimits } from './limits.js';
import { demoDeletedMark, projectFile } from './paths.js';
import { Mutex } from './mutex.js';
import { LOCAL_WORKSPACE, Workspaces } from './workspaces.js';
import { validProjectId } from '../config/project-id.js';
import { openStore, writeInfo, type CloseOptions, type ProjectInfo, type ProjectStore } from './project/index.js';
import { ProjectExports } from './transfer/exports.js';
import { LinkSigner } from './transfer/links.js';
import { newSecretFolder, SECRET_FOLDER } from './transfer/secret-folder.js';

/** How to open a local gateway. */
export interface GatewayOptions {
  /** The data folder; undefined keeps everything in memory (tests). */
  dataDir?: string;
  /** Fixes (and stores) the partner key. */
  partnerKey?: string;
  now?: () => number;
  /** Seed the demo dataset into project `demo` on its first start (default true). */
  seed?: boolean;
  /** The shortest schedule interval accepted (default one minute). */
  minInterval?: Duration;
  /** Time and memory limits on the SQL users run. */
  limits?: GatewayLimits;
  /** A DuckDB engine made ahead with engineSettings(limits), for the first project opened. */
  engine?: Promise<DuckDBInstance>;
  linkTtlMs?: number;
  /** Requests may come from other machines (`dgw serve --allow-remote`): nothing they set may reach this machine's own addresses. */
  remoteClients?: boolean;
}

/** The local gateway's state: keys, and one DuckDB database per project, opened on first use. */
export class Gateway {
  private readonly projects = new Map<string, Promise<ProjectStore>>();
  /** Projects being closed to be opened anew (reopen): the next open waits for the close. */
  private readonly reopening = new Map<string, Promise<void>>();
  /** Projects `reopen` closed that nothing has opened since; the scheduler opens them, so their schedules go on. */
  private readonly closedByReopen = new Set<string>();
  /** Project creations and deletions, one at a time, so two cannot take the same id. */
  private readonly projectTurns = new Mutex();
  /** Projects being deleted: no request opens them meanwhile. */
  private readonly deleting = new Set<string>();
  private closing = false;
  private closedBecause: HttpError | undefined;
  private spare: Promise<DuckDBInstance> | undefined;
  private readonly exportJobs = new Map<string, ProjectExports>();
  readonly links: LinkSigner;

  private constructor(
    readonly duck: DuckDBModule,
    readonly keys: KeyStore,
    readonly workspaces: Workspaces,
    readonly options: GatewayOptions,
    readonly now: () => number,
    private readonly transferRoot: string,
    private readonly transferSecrets: Map<string, string>,
  ) {
    this.links = new LinkSigner(keys.partnerKey, options.linkTtlMs);
  }

  exports(project: ProjectStore): ProjectExports {
    let jobs = this.exportJobs.get(project.id);
    // A reopened project is a new ProjectStore: its exports run on it, not on the closed one.
    if (!jobs?.isFor(project)) this.exportJobs.set(project.id, (jobs = new ProjectExports(project, this.now)));
    return jobs;
  }

  /** Loads DuckDB and the keys, and makes the seeded demo project on first start. */
  static async open(options: GatewayOptions = {}): Promise<Gateway> {
    const duck = await loadDuckDB();
    const now = options.now ?? Date.now;
    if (options.dataDir) await mkdir(join(options.dataDir, 'projects'), { recursive: true, mode: 0o700 });
    const keys = await KeyStore.open(options.dataDir, { partnerKey: options.partnerKey, now });
    const { root, secrets } = await openTransferRoot(options.dataDir);
    const workspaces = await Workspaces.open(options.dataDir);
    const gateway = new Gateway(duck, keys, workspaces, options, now, root, secrets);
    gateway.spare = options.engine;
    if (options.dataDir !== undefined && existsSync(demoDeletedMark(options.dataDir))) return gateway;
    await keys.ensureInitialKey(LOCAL_DEFAULT_PROJECT);
    // Later opened on first use, so a damaged demo database stops only the requests that reach it.
    if (!gateway.taken(LOCAL_DEFAULT_PROJECT)) await gateway.project(LOCAL_DEFAULT_PROJECT, { create: true });
    return gateway;
  }

  /** A project's folder for files in transit: the only folder its DuckDB may reach, under a secret name, so no statement can read another request's files. */
  transferDir(projectId: string): string {
    let secret = this.transferSecrets.get(projectId);
    if (secret === undefined) this.transferSecrets.set(projectId, (secret = newSecretFolder()));
    return join(this.transferRoot, projectId, secret);
  }

  get minInterval(): Duration {
    return this.options.minInterval ?? MIN_INTERVAL;
  }

  get limits(): GatewayLimits {
    return this.options.limits ?? (this.defaults ??= defaultLimits());
  }

  private defaults: GatewayLimits | undefined;

  /** Whether a project exists: open, or its database in the data folder under this very id (a case-blind file system would also open `Demo.duckdb` for demo). */
  exists(id: string): boolean {
    return this.projects.has(id) || (validProjectId(id) && this.storedProjectIds().includes(id));
  }

  /** Whether an id is taken in any letter case: macOS and Windows keep demo.duckdb and Demo.duckdb as one file. */
  taken(id: string): boolean {
    const folded = id.toLowerCase();
    return [...this.projects.keys(), ...this.storedProjectIds()].some((other) => other.toLowerCase() === folded);
  }

  /** Makes a project: its id is the name when that can be an id and is free, so `--project sales` works. */
  createProject(info: Omit<ProjectInfo, 'createdAt'> & { name: string }, workspaceId = LOCAL_WORKSPACE.id): Promise<ProjectStore> {
    return this.projectTurns.run(async () => {
      const id = validProjectId(info.name) && !this.taken(info.name) ? info.name : this.newProjectId();
      const project = await this.project(id, { create: true });
      await writeInfo(project, { ...info, createdAt: new Date(this.now()).toISOString() });
      await this.workspaces.place(id, workspaceId);
      if (id === LOCAL_DEFAULT_PROJECT && this.options.dataDir) await rm(demoDeletedMark(this.options.dataDir), { force: true });
      return project;
    });
  }

  private newProjectId(): string {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    for (;;) {
      // The global Web Crypto, not node:crypto: in-process commands start without loading that module.
      const id = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => letters[b % letters.length]).join('');
      if (!this.taken(id)) return id;
    }
  }

  /** Stops a project's work, then removes its database, kept readers, files in transit and keys (a deleted demo is not seeded again). */
  deleteProject(id: string): Promise<void> {
    return this.projectTurns.run(async () => {
      if (!this.exists(id)) throw notFound(`project ${id} not found`);
      this.deleting.add(id);
      try {
        const open = this.projects.get(id);
        this.projects.delete(id);
        this.closedByReopen.delete(id);
        await this.exportJobs.get(id)?.close({ wait: false });
        this.exportJobs.delete(id);
        const because = notFound(`project ${id} was deleted while this request ran`);
        await open?.then((db) => db.close({ wait: false, because })).catch(() => undefined);
        await this.reopening.get(id);
        // Keys first and the database last: a delete cut short leaves a project that is still there to
        // delete again, never keys that would open a later project of the same id, nor a WAL it would replay.
        await this.keys.forgetProject(id);
        await this.workspaces.forget(id);
        await rm(join(this.transferRoot, id), { recursive: true, force: true });
        this.transferSecrets.delete(id);
        if (this.options.dataDir) {
          if (id === LOCAL_DEFAULT_PROJECT) await writeFile(demoDeletedMark(this.options.dataDir), '', { mode: 0o600 });
          const file = projectFile(this.options.dataDir, id);
          // Ids hold no dot: `ID.duckdb.` starts this project's files alone (its WAL, its kept readers).
          for (const f of readdirSync(dirname(file)).filter((name) => name.startsWith(`${basename(file)}.`))) await rm(join(dirname(file), f), { force: true });
          await rm(file, { force: true });
        }
      } finally {
        this.deleting.delete(id);
      }
    });
  }

  private projectNotFound(id: string): HttpError {
    const demoDeleted = id === LOCAL_DEFAULT_PROJECT && this.options.dataDir !== undefined && existsSync(demoDeletedMark(this.options.dataDir));
    return notFound(`project ${id} not found${demoDeleted ? ': it was deleted (`dgw --zone local project create demo` makes it again, with its sample tables)' : ''}`);
  }

  /** A project's database; `create` makes a new one (the demo project, or createProject). */
  project(id: string, options: { create: boolean }): Promise<ProjectStore> {
    if (!validProjectId(id) || this.deleting.has(id) || (!options.create && !this.exists(id))) return Promise.reject(this.projectNotFound(id));
    let p = this.projects.get(id);
    if (!p) {
      if (this.closing) return Promise.reject(this.closedBecause ?? new Error('the gateway is closing'));
      const engine = this.spare;
      this.spare = undefined;
      const transferDir = this.transferDir(id);
      const closed = this.reopening.get(id) ?? Promise.resolve();
      const file = this.options.dataDir ? projectFile(this.options.dataDir, id) : undefined;
      const fresh = options.create && file !== undefined && !existsSync(file);
      p = closed
        .then(() => mkdir(join(transferDir, 'uploads'), { recursive: true, mode: 0o700 }))
        .then(() => openStore(this.duck, { id, engine, file, now: this.now, seed: id === LOCAL_DEFAULT_PROJECT && this.options.seed !== false, limits: this.limits, transferDir }))
        .catch(async (error: unknown) => {
          // A database the disk refused to make is not left behind, where it would be listed and said to be damaged.
          if (fresh) await Promise.all([file, `${file}.wal`].map((f) => rm(f, { force: true })));
          throw error;
        });
      this.projects.set(id, p);
      this.closedByReopen.delete(id);
      p.catch(() => this.projects.delete(id));
    }
    return p;
  }

  /** Every project: those open now and those with a database in the data folder, by id. */
  async projectIds(): Promise<string[]> {
    return [...new Set([...this.projects.keys(), ...this.storedProjectIds()])].sort();
  }

  /** When a project's database file was made (or last changed); undefined in memory. */
  async projectCreatedAt(id: string): Promise<string | undefined> {
    if (!this.options.dataDir || !validProjectId(id)) return undefined;
    const info = await stat(projectFile(this.options.dataDir, id)).catch(() => undefined);
    if (!info) return undefined;
    return new Date(info.birthtimeMs > 0 ? info.birthtimeMs : info.mtimeMs).toISOString();
  }

  async openProjects(): Promise<ProjectStore[]> {
    const settled = await Promise.allSettled([...this.projects.values()]);
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  }

  /** Closes a project's database, stopping its statements, so the next request opens it anew (DuckDB attaches files only before lockdown). */
  reopen(id: string): Promise<void> {
    const p = this.projects.get(id);
    if (!p) return Promise.resolve();
    this.projects.delete(id);
    this.closedByReopen.add(id);
    const because = reopenStop(`project ${id} reopened while this request ran, to attach a change to its connections: its statement was stopped; run it again`);
    const closed = p.then((db) => db.close({ wait: false, because })).catch(() => undefined);
    this.reopening.set(id, closed);
    void closed.then(() => {
      if (this.reopening.get(id) === closed) this.reopening.delete(id);
    });
    return closed;
  }

  /** Opens again the projects `reopen` closed and no request has opened since, so their schedules run. */
  async openReopened(): Promise<void> {
    for (const id of [...this.closedByReopen]) await this.project(id, { create: false }).catch(() => undefined);
  }

  /** Opens every project of the data folder, so their schedules run. */
  async openAll(): Promise<void> {
    for (const id of this.storedProjectIds()) await this.project(id, { create: false }).catch(() => undefined);
  }

  /** The ids of the project databases in the data folder, in the folder's order. */
  private storedProjectIds(): string[] {
    if (!this.options.dataDir) return [];
    const folder = join(this.options.dataDir, 'projects');
    const files = existsSync(folder) ? readdirSync(folder) : [];
    return files.flatMap((f) => /^(.+)\.duckdb$/.exec(f)?.[1] ?? []).filter((id) => validProjectId(id));
  }

  /** Closes every project: running refreshes are awaited (`wait`, until `signal` aborts) or cancelled. */
  async close(options: CloseOptions = { wait: false }): Promise<void> {
    this.closing = true;
    this.closedBecause = options.because;
    await this.spare?.then((engine) => engine.closeSync()).catch(() => undefined);
    this.spare = undefined;
    for (const jobs of this.exportJobs.values()) await jobs.close(options);
    for (const p of await this.openProjects()) await p.close(options);
    this.projects.clear();
    await Promise.all(this.reopening.values());
    if (!this.options.dataDir) await rm(this.transferRoot, { recursive: true, force: true });
  }
}

/** The root of the transfer folders and each project's secret folder; leftover uploads and pipes are removed. */
async function openTransferRoot(dataDir: string | undefined): Promise<{ root: string; secrets: Map<string, string> }> {
  const secrets = new Map<string, string>();
  if (!dataDir) return { root: await mkdtemp(join(tmpdir(), 'dgw-gateway-')), secrets };
  const root = join(dataDir, 'transfer');
  await mkdir(root, { recursive: true, mode: 0o700 });
  for (const project of await readdir(root).catch(() => [] as string[])) {
    const folder = join(root, project);
    const secret = (await readdir(folder).catch(() => [] as string[])).find((n) => SECRET_FOLDER.test(n)) ?? newSecretFolder();
    secrets.set(project, secret);
    for (const left of ['uploads', 'streams']) {
      await rm(join(folder, secret, left), { recursive: true, force: true });
      await rm(join(folder, left), { recursive: true, force: true });
    }
    const older = await readdir(join(folder, 'exports')).catch(() => [] as string[]);
    if (older.length > 0) await mkdir(join(folder, secret, 'exports'), { recursive: true, mode: 0o700 });
    for (const job of older) await rename(join(folder, 'exports', job), join(folder, secret, 'exports', job));
    await rm(join(folder, 'exports'), { recursive: true, force: true });
  }
  return { root, secrets };
}
