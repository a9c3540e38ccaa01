import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { dirFor, foldedDifference, folderNameProblem, foldedName, shownName, SQL_EXTENSION } from './layout.js';
import type { DesiredQuery } from './model.js';
import { FileProblem, parseQueryFile, type ReadOptions } from './query-file.js';
import { compareText } from '../output/text-order.js';

/** Written into an empty folder's directory: git keeps no empty directory, and a missing one would be planned for deletion. */
export const KEEP_FILE = '.gitkeep';

/** The largest query file read (the local gateway takes request bodies up to 1 MiB). */
const MAX_FILE_BYTES = 1024 * 1024;

/** One `.sql` file found: its query, or why it could not be read. */
export interface ScannedFile {
  file: string;
  query?: DesiredQuery;
  problem?: FileProblem;
}

/** What a walk of the managed folders found. */
export interface Scan {
  files: ScannedFile[];
  /** Every directory in the managed folders, as folder paths. */
  folders: string[];
  /** The folders whose directory holds a KEEP_FILE. */
  markers: string[];
  /** Links, devices and the like: never read, overwritten or removed. */
  unsafe: FileProblem[];
  /** The folders whose directory holds a file that is not a query (a README): pull never removes them. */
  holdOthers: string[];
}

/** Walks the managed folders, never following links or reading devices or pipes; each `.sql` file read whole as strict UTF-8. */
export async function scanDirectory(root: string, scope: string[], options: ReadOptions = {}): Promise<Scan> {
  const scan: Scan = { files: [], folders: [], markers: [], unsafe: [], holdOthers: [] };
  for (const folder of scope) {
    const rel = dirFor(folder);
    // Each directory on the way to a managed folder (`a` of /a/b) too: a link there would lead reads and pull's writes out.
    let stat: Stats | undefined;
    let step = '';
    for (const segment of rel === '' ? [''] : rel.split('/')) {
      step = step === '' ? segment : `${step}/${segment}`;
      stat = await fs.lstat(path.join(root, step)).catch(() => undefined);
      if (!stat || (!stat.isDirectory() && rel !== '')) break;
    }
    if (!stat) continue;
    if (!stat.isDirectory() && rel !== '') {
      if (!scan.unsafe.some((p) => p.file === step)) scan.unsafe.push(new FileProblem(step, stat.isSymbolicLink() ? 'is a symbolic link; dgw reads only files and folders inside the directory' : 'is not a directory'));
      continue;
    }
    if (rel !== '') scan.folders.push(folder);
    await walk(root, rel, scan, options);
  }
  scan.files.sort((a, b) => compareText(a.file, b.file));
  scan.folders.sort();
  return scan;
}

/** Walks one directory; true when it is a folder's: empty, or holding (at any depth) a query file, a KEEP_FILE or something refused, not only other files (`docs/`). */
async function walk(root: string, rel: string, scan: Scan, options: ReadOptions): Promise<boolean> {
  const entries = readdirSync(path.join(root, rel), { withFileTypes: true });
  entries.sort((a, b) => compareText(a.name, b.name));
  const found = () => scan.files.length + scan.markers.length + scan.unsafe.length + scan.folders.length;
  const before = found();
  const directories = new Map<string, string>();
  for (const entry of entries) {
    if (entry.name === KEEP_FILE && entry.isFile()) scan.markers.push(`/${rel}`);
    else if (!entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.endsWith(SQL_EXTENSION) && !scan.holdOthers.includes(`/${rel}`)) scan.holdOthers.push(`/${rel}`);
    const file = rel === '' ? entry.name : `${rel}/${entry.name}`;
    // pull would write the marker through a link to a file elsewhere, or block forever opening a pipe.
    if (entry.name === KEEP_FILE && !entry.isFile()) scan.unsafe.push(new FileProblem(file, 'is not a regular file (a link, a pipe or a directory); pull writes an empty .gitkeep here: replace it with an empty file'));
    if (entry.name.startsWith('.')) continue;
    const isSql = entry.name.toLowerCase().endsWith(SQL_EXTENSION);
    if (entry.isSymbolicLink()) {
      // A link to nothing may stand for a folder's directory: skipped, --prune would delete what that folder holds.
      const target = await fs.stat(path.join(root, file)).catch(() => undefined);
      if (isSql || !target || target.isDirectory()) {
        scan.unsafe.push(new FileProblem(file, `is a symbolic link${target ? '' : ' to nothing'}; dgw reads only files and folders inside the directory, so it neither follows nor replaces links`));
      }
      continue;
    }
    if (entry.isDirectory()) {
      const problem = folderNameProblem(entry.name);
      if (problem) {
        scan.unsafe.push(new FileProblem(file, `is a directory, but its name ${problem}; rename it`));
        continue;
      }
      const twin = directories.get(foldedName(entry.name));
      if (twin !== undefined) {
        const { how, systems } = foldedDifference(entry.name, twin);
        const own = how === 'letter case' ? '' : ` ${shownName(entry.name, twin)}`;
        scan.unsafe.push(new FileProblem(file, `is a directory whose name${own} differs from ${shownName(twin, entry.name)}/ only in ${how}: ${systems} would keep both in one directory, so merge them`));
        continue;
      }
      directories.set(foldedName(entry.name), entry.name);
      if (await walk(root, file, scan, options)) scan.folders.push(`/${file}`);
      continue;
    }
    if (!isSql) continue;
    if (!entry.name.endsWith(SQL_EXTENSION)) {
      // pull writes NAME.sql: an .SQL file would be planned but never matched by pull.
      scan.unsafe.push(new FileProblem(file, `ends in ${entry.name.slice(-SQL_EXTENSION.length)}; query files end in ${SQL_EXTENSION}, as pull writes them: rename it`));
      continue;
    }
    if (!entry.isFile()) {
      scan.unsafe.push(new FileProblem(file, 'is not a regular file (a pipe, socket or device); dgw does not read it'));
      continue;
    }
    scan.files.push(await readQueryFile(root, file, options));
  }
  return found() > before || entries.every((entry) => entry.name.startsWith('.'));
}

async function readQueryFile(root: string, file: string, options: ReadOptions): Promise<ScannedFile> {
  try {
    return { file, query: parseQueryFile(file, await readText(root, file, 'a query file'), options) };
  } catch (error) {
    if (error instanceof FileProblem) return { file, problem: error };
    throw error;
  }
}

/** A file of the directory as strict UTF-8 text of at most MAX_FILE_BYTES, never through a link, read at once (10,000 files in 1,000 directories took 5.5 s more through async calls in turn); every failure a FileProblem. */
export async function readText(root: string, file: string, what: string): Promise<string> {
  const full = path.join(root, file);
  try {
    const fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW);
    let bytes: Buffer;
    try {
      const { size } = fstatSync(fd);
      if (size > MAX_FILE_BYTES) throw new FileProblem(file, `is ${size} bytes; ${what} may hold at most ${MAX_FILE_BYTES} bytes`);
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
    return decode(bytes, file);
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new FileProblem(file, 'is a symbolic link; dgw does not follow it');
    throw new FileProblem(file, `cannot be read: ${(error as Error).message}`);
  }
}

/** Strict UTF-8 (a byte-order mark allowed); a NUL byte means a binary file. */
function decode(bytes: Buffer, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const loose = bytes.toString('utf8');
    const line = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length;
    throw new FileProblem(file, 'is not UTF-8 text; save it as UTF-8', line);
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new FileProblem(file, 'holds a NUL byte; is it a binary file?', text.slice(0, nul).split('\n').length);
  return text;
}

/** Every problem of a scan that stops a plan: unsafe entries, unreadable files, one name in two files. */
export function scanProblems(scan: Scan): FileProblem[] {
  const problems = [...scan.unsafe, ...scan.files.flatMap((f) => (f.problem ? [f.problem] : []))];
  const byName = new Map<string, string[]>();
  for (const f of scan.files) if (f.query) byName.set(f.query.name, [...(byName.get(f.query.name) ?? []), f.file]);
  for (const [name, files] of byName) {
    if (files.length > 1) {
      problems.push(new FileProblem(files[1], `the name ${name} is also used by ${files.filter((f) => f !== files[1]).join(', ')}; a SQL name is unique in a project, so it can be in one file only`));
    }
  }
  problems.push(...fromCycles(scan.files));
  return problems.sort((a, b) => compareText(a.file, b.file));
}

/** Files whose `from` chain, through other files, comes back to them: known from the files alone, so before any request. */
function fromCycles(files: ScannedFile[]): FileProblem[] {
  const byName = new Map(files.flatMap((f) => (f.query ? [[f.query.name, f.query] as const] : [])));
  const problems: FileProblem[] = [];
  for (const f of files) {
    const chain = [f.query?.name];
    for (let q = f.query; q?.from && q.sql === null; q = byName.get(q.from)) {
      if (chain.includes(q.from)) {
        if (q.from === f.query?.name) problems.push(new FileProblem(f.file, `from: ${[...chain, q.from].join(' → ')} is a cycle; one of them must hold SQL`));
        break;
      }
      chain.push(q.from);
    }
  }
  return problems;
}

/** Bad input in the directory: every problem, each naming its file; exit 2 before any request. */
export class InvalidFilesError extends UsageError {
  constructor(
    readonly problems: FileProblem[],
    dirLabel: string,
  ) {
    super(
      problems.length === 1 ? problems[0].where(dirLabel) : `${problems.length} problems in ${dirLabel || 'the directory'}: ${problems.map((p) => p.where(dirLabel)).join('; ')}`,
      'nothing was sent; fix the files and run the command again',
    );
  }
}

/** A plan of an absent directory would read as "delete everything". */
export async function requireDirectory(root: string, label: string): Promise<void> {
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat) throw new UsageError(`the directory ${label} does not exist`, 'run `dgw pull` to write the project\'s queries there, or pass --dir');
  await refuseNonDirectory(root, label);
}

/** Refuses a path that exists and is not a directory. */
export async function refuseNonDirectory(root: string, label: string): Promise<void> {
  const stat = await fs.stat(root).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new UsageError(`${label} is not a directory`, 'pass --dir with the directory that holds the .sql files');
}
