import fs from 'node:fs';
import path from 'node:path';
import { folderPathProblem } from '../api/names.js';
import { UsageError } from '../errors.js';
import { isOutputSetting, OUTPUT_FORMATS, type OutputSetting } from '../output/mode.js';
import { isZone, type Zone } from './zones.js';

/** Non-secret defaults a repository commits in `.dgwrc`, `dgw.config.js` or `package.json#dgw`. */
export interface ProjectFile {
  filepath: string;
  project?: string;
  zone?: Zone;
  profile?: string;
  baseUrl?: string;
  output?: OutputSetting;
  /** Queries as code (`dgw pull`, `plan`, `apply`). */
  code?: CodeSettings;
}

/** The project file's `code` object: where the query files live and which folders they manage. */
export interface CodeSettings {
  /** The directory of query files, relative to the project file (default `queries`). */
  dir?: string;
  /** The managed folders (default: the whole project). */
  folders?: string[];
}

const SECRET_KEYS = ['apiKey', 'api_key', 'apikey', 'key', 'token', 'apiToken'];
const KNOWN_KEYS = ['project', 'zone', 'profile', 'baseUrl', 'output', 'code'];
const STRING_KEYS = ['project', 'zone', 'profile', 'baseUrl', 'output'];

/** Finds and checks the nearest project file from `cwd` up to the project root. */
export async function loadProjectFile(cwd: string): Promise<ProjectFile | undefined> {
  if (!mayHaveProjectFile(cwd)) return undefined;
  // cosmiconfig is CommonJS: bundled, its exports may arrive under `default`.
  const mod = (await import('cosmiconfig')) as typeof import('cosmiconfig') & { default?: typeof import('cosmiconfig') };
  const cosmiconfig = mod.cosmiconfig ?? mod.default!.cosmiconfig;
  const explorer = cosmiconfig('dgw', { searchStrategy: 'project' });
  const found = await explorer.search(cwd);
  if (!found || found.isEmpty) return undefined;
  return checkProjectFile(found.config, found.filepath);
}

/** Validates a project file's contents; refuses API keys, which belong in the user store. */
export function checkProjectFile(raw: unknown, filepath: string): ProjectFile {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new UsageError(`project file ${filepath} must hold an object`);
  }
  const record = raw as Record<string, unknown>;
  const secret = Object.keys(record).find((k) => SECRET_KEYS.includes(k));
  if (secret) {
    throw new UsageError(
      `project file ${filepath} holds an API key ("${secret}"); keys must not be committed`,
      'remove it and run `dgw auth login`, or set DGW_API_KEY in the environment',
    );
  }
  const unknown = Object.keys(record).filter((k) => !KNOWN_KEYS.includes(k));
  if (unknown.length > 0) throw new UsageError(`project file ${filepath} has unknown setting(s): ${unknown.join(', ')}`);
  for (const key of STRING_KEYS) {
    if (record[key] !== undefined && typeof record[key] !== 'string') {
      throw new UsageError(`project file ${filepath}: "${key}" must be a string`);
    }
  }
  if (record.zone !== undefined && !isZone(record.zone as string)) {
    throw new UsageError(`project file ${filepath}: zone must be default, eu or local`);
  }
  if (record.output !== undefined && !isOutputSetting((record.output as string).toLowerCase())) {
    throw new UsageError(`project file ${filepath}: output must be ${OUTPUT_FORMATS.join(', ')} or auto`);
  }
  if (record.code !== undefined) checkCodeSettings(record.code, filepath);
  return { filepath, ...(record as Omit<ProjectFile, 'filepath'>) };
}

function checkCodeSettings(code: unknown, filepath: string): void {
  const fail = (problem: string): never => {
    throw new UsageError(`project file ${filepath}: code${problem}`);
  };
  if (typeof code !== 'object' || code === null || Array.isArray(code)) fail(' must be an object such as {"dir": "queries", "folders": ["/reports"]}');
  const record = code as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => k !== 'dir' && k !== 'folders');
  if (unknown.length > 0) fail(` has unknown setting(s): ${unknown.join(', ')}; it takes dir and folders`);
  if (record.dir !== undefined && (typeof record.dir !== 'string' || record.dir.trim() === '')) fail('.dir must be a directory path');
  if (record.folders !== undefined) {
    if (!Array.isArray(record.folders) || record.folders.some((f) => typeof f !== 'string')) fail('.folders must be a list of folder paths such as ["/reports"]');
    for (const folder of record.folders as string[]) {
      const problem = folderPathProblem(folder);
      if (problem) fail(`.folders: ${problem}`);
    }
  }
}

/**
 * Whether cosmiconfig could find a project file from `cwd` up, looked at cheaply (one directory
 * listing per folder) so that the common case, no project file at all, never loads cosmiconfig and
 * its YAML parser on a command's start-up path. It walks the folders cosmiconfig's `project`
 * strategy walks (up to the first one holding package.json or package.yaml) and answers yes for
 * anything that might be one of its search places (`.dgwrc*`, `.config/dgwrc*`, `dgw.config.*`,
 * package.json with a `dgw` key) or cosmiconfig's own meta configuration in the working folder;
 * cosmiconfig then decides. A folder it cannot read also answers yes.
 */
export function mayHaveProjectFile(cwd: string): boolean {
  const list = (dir: string): string[] | undefined => {
    try {
      return fs.readdirSync(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' || code === 'ENOTDIR' ? [] : undefined;
    }
  };
  const packageJson = (dir: string): Record<string, unknown> | undefined => {
    try {
      const data: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    } catch {
      return undefined;
    }
  };
  // cosmiconfig's meta configuration (which can add search places) is read from the working folder.
  const here = list(process.cwd());
  if (here === undefined) return true;
  if (here.includes('package.yaml')) return true;
  if (here.includes('package.json') && (packageJson(process.cwd()) ?? { cosmiconfig: true }).cosmiconfig !== undefined) return true;
  if (here.includes('.config')) {
    const meta = list(path.join(process.cwd(), '.config'));
    if (meta === undefined || meta.some((n) => n.startsWith('config.'))) return true;
  }
  let dir = path.resolve(cwd);
  for (;;) {
    const entries = list(dir);
    if (entries === undefined) return true;
    if (entries.some((n) => n.startsWith('.dgwrc') || n.startsWith('dgw.config.'))) return true;
    if (entries.includes('.config')) {
      const inner = list(path.join(dir, '.config'));
      if (inner === undefined || inner.some((n) => n.startsWith('dgwrc'))) return true;
    }
    if (entries.includes('package.json')) {
      const pkg = packageJson(dir);
      if (pkg === undefined || pkg.dgw !== undefined) return true;
      return false;
    }
    if (entries.includes('package.yaml')) return true;
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}
