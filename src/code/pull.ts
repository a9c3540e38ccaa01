import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DgwError, LocalFaultError } from '../errors.js';
import { fileFault } from '../local-faults.js';
import { changedFields, desiredSqlResolver, viewOf } from './diff.js';
import { dirFor, fileFor, inScope, isWithin, layoutProblems, queryFileProblem } from './layout.js';
import type { DesiredQuery, ProjectState } from './model.js';
import { renderQueryFile } from './query-file.js';
import { KEEP_FILE, type Scan } from './read-dir.js';

/** What `pull` does to the directory. Paths are relative, `/`-separated. */
export interface PullPlan {
  /** Files to write: new ones, and (`overwrite`) ones that differ from the project. */
  write: Array<{ file: string; content: string; overwrite: boolean }>;
  /** `.sql` files no project query stands for at that place (or that cannot be read). */
  remove: string[];
  /** Directories of project folders not there yet. */
  mkdirs: string[];
  /** Directories that get a KEEP_FILE so git keeps them. */
  markers: string[];
  /** Directories of no project folder, removed when nothing is left in them. */
  rmdirs: string[];
  /** Files that already say what the project holds: left as they are, comments and all. */
  unchanged: string[];
  /** Project queries and folders the layout cannot hold, with the reason. */
  skipped: string[];
}

/** What makes the directory say what the project holds (pure); a file already saying it is kept, comments and all. */
export function planPull(scan: Scan, project: ProjectState, scope: string[], platform: NodeJS.Platform = process.platform): PullPlan {
  const plan: PullPlan = { write: [], remove: [], mkdirs: [], markers: [], rmdirs: [], unchanged: [], skipped: [] };
  const managedFolders = project.folders.filter((f) => inScope(f.path, scope));
  const problemOf = layoutProblems(project.folders.map((f) => f.path), platform);
  const blockedFolders = new Set<string>();
  for (const f of managedFolders) {
    const problem = problemOf(f.path);
    if (problem) {
      blockedFolders.add(f.path);
      if (!problemOf(`/${f.path.split('/').slice(1, -1).join('/')}`)) plan.skipped.push(`folder ${f.path}: its ${problem}`);
    }
  }
  const queries = project.queries.filter((q) => {
    if (!inScope(q.folder, scope) || [...blockedFolders].some((b) => isWithin(q.folder, b))) return false;
    const problem = queryFileProblem(q, platform);
    if (problem) plan.skipped.push(`query "${q.name}" in ${q.folder}: its name ${problem}`);
    return !problem;
  });

  const parsed = new Map<string, DesiredQuery>();
  for (const f of scan.files) if (f.query && !parsed.has(f.query.name)) parsed.set(f.query.name, f.query);
  const resolve = desiredSqlResolver(parsed, new Map(project.queries.map((q) => [q.name, q])));
  const sameAsProject = (d: DesiredQuery, q: (typeof queries)[number]) => {
    try {
      const after = { displayName: d.displayName, materialized: d.materialized, schedule: d.schedule, sql: resolve(d), folder: d.folder };
      return changedFields(viewOf(q), after).length === 0;
    } catch {
      return false;
    }
  };

  const targets = new Set<string>();
  const byFile = new Map(scan.files.map((f) => [f.file, f]));
  for (const q of queries) {
    const file = fileFor(q.folder, q.name);
    targets.add(file);
    const existing = byFile.get(file);
    if (existing?.query && sameAsProject(existing.query, q)) plan.unchanged.push(file);
    else plan.write.push({ file, content: renderQueryFile(q), overwrite: existing !== undefined });
  }
  for (const f of scan.files) if (!targets.has(f.file)) plan.remove.push(f.file);

  const folders = new Set(managedFolders.filter((f) => !blockedFolders.has(f.path)).map((f) => f.path));
  const present = new Set(scan.folders);
  const written = new Set([...targets].map((t) => `/${t.split('/').slice(0, -1).join('/')}`));
  plan.mkdirs = [...folders].filter((f) => !present.has(f)).sort().map(dirFor);
  const marked = new Set(scan.markers);
  const holdsNothing = (folder: string) => ![...written, ...folders].some((w) => w !== folder && isWithin(w, folder)) && !written.has(folder);
  plan.markers = [...folders].filter((f) => holdsNothing(f) && !marked.has(f)).sort().map(dirFor);
  const keep = (folder: string) =>
    folders.has(folder) || scope.includes(folder) || [...written, ...folders, ...scan.holdOthers].some((w) => isWithin(w, folder));
  plan.rmdirs = scan.folders.filter((f) => !keep(f)).sort((a, b) => b.length - a.length).map(dirFor);
  return plan;
}

/** Whether carrying the plan out would replace or remove anything in the directory. */
export function pullDestroys(plan: PullPlan): boolean {
  return plan.remove.length > 0 || plan.rmdirs.length > 0 || plan.write.some((w) => w.overwrite);
}

/** The most bytes of a path the system takes (PATH_MAX, less its NUL): 1024 on macOS and the BSDs, 4096 on Linux. */
export function maxPathBytes(): number {
  return (['darwin', 'freebsd', 'openbsd', 'netbsd'].includes(process.platform) ? 1024 : process.platform === 'win32' ? 32_767 : 4096) - 1;
}

/** The least deep folder whose directory, or a file pull writes in it (a temporary one too), would be a path longer than maxPathBytes under `root`. */
export function folderTooDeep(root: string, plan: PullPlan): { folder: string; bytes: number } | undefined {
  const paths = [
    ...plan.mkdirs.map((dir) => ({ dir, rel: dir })),
    ...plan.markers.map((dir) => ({ dir, rel: `${dir}/${KEEP_FILE}` })),
    ...plan.write.map((w) => ({ dir: w.file.split('/').slice(0, -1).join('/'), rel: `${w.file}.dgw-00000000.tmp.` })),
  ];
  const max = maxPathBytes();
  const over = paths.map((p) => ({ folder: `/${p.dir}`, bytes: Buffer.byteLength(path.join(root, p.rel)) })).filter((p) => p.bytes > max);
  return over.sort((a, b) => a.folder.length - b.folder.length || a.bytes - b.bytes)[0];
}

/** A file or directory that could not be written or removed (exit 2). */
class LocalFileError extends DgwError {
  constructor(message: string, cause: unknown) {
    super('usage', message, { cause });
  }
}

function firstThere(full: string): string {
  return existsSync(full) || path.dirname(full) === full ? full : firstThere(path.dirname(full));
}

/** Carries a pull plan out under `root`, writing through temporary files so none is left half written; returns the directories removed. */
export function writePull(root: string, plan: PullPlan, label: string): string[] {
  const inside = (rel: string) => {
    const full = path.resolve(root, ...rel.split('/'));
    const back = path.relative(root, full);
    if (rel.split('/').some((s) => s === '' || s === '.' || s === '..') || back.startsWith('..') || path.isAbsolute(back)) {
      throw new DgwError('internal', `refusing to write ${rel}: it is not inside ${root}`);
    }
    return full;
  };
  const io = <T>(what: string, fn: () => T, file?: string): T => {
    try {
      return fn();
    } catch (error) {
      const { code, path: at } = error as NodeJS.ErrnoException;
      if (code === 'ENOTDIR' || code === 'EEXIST') {
        const file = at === undefined ? undefined : firstThere(at);
        const hint = file === undefined || !path.relative(root, file).startsWith('..') ? `move or rename that file in ${label}: pull makes a directory there for a folder of the project` : 'move or rename that file, or pass another --dir';
        throw new LocalFaultError('FILE_ACCESS', `cannot ${what}: ${file ?? 'a part of its path'} is a file, not a directory (${code})`, hint, error);
      }
      throw fileFault(error, file) ?? new LocalFileError(`cannot ${what}: ${(error as Error).message}`, error);
    }
  };
  io(`create ${label}`, () => mkdirSync(root, { recursive: true }));
  for (const dir of plan.mkdirs) io(`create the directory ${label}${dir}`, () => mkdirSync(inside(dir), { recursive: true }));
  for (const dir of plan.markers) io(`write ${label}${dir}/${KEEP_FILE}`, () => writeFileSync(inside(`${dir}/${KEEP_FILE}`), '', { flag: 'w' }));
  for (const w of plan.write) {
    const full = inside(w.file);
    io(`create the directory of ${label}${w.file}`, () => mkdirSync(path.dirname(full), { recursive: true }));
    const temporary = path.join(path.dirname(full), `.${path.basename(full)}.dgw-${randomBytes(4).toString('hex')}.tmp`);
    io(`write ${label}${w.file}`, () => {
      try {
        writeFileSync(temporary, w.content, { flag: 'wx' });
        renameSync(temporary, full);
      } finally {
        rmSync(temporary, { force: true });
      }
    }, full);
  }
  for (const file of plan.remove) io(`remove ${label}${file}`, () => rmSync(inside(file), { force: true }));
  const removed: string[] = [];
  for (const dir of plan.rmdirs) {
    // Its hidden files too (.gitkeep, a Finder's .DS_Store): left there, plan would read the directory as a folder to create.
    const hidden = io(`read ${label}${dir}/`, () => readdirSync(inside(dir), { withFileTypes: true }).filter((e) => e.name.startsWith('.') && !e.isDirectory()));
    for (const entry of hidden) io(`remove ${label}${dir}/${entry.name}`, () => rmSync(path.join(inside(dir), entry.name), { force: true }));
    if (removedIfEmpty(inside(dir))) removed.push(`${dir}/`);
  }
  return removed;
}

function removedIfEmpty(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}
