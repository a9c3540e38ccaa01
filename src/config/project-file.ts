import fs from 'node:fs';
import path from 'node:path';
import { folderPathProblem } from '../api/names.js';
import { isRaw } from '../api/read.js';
import { UsageError } from '../errors.js';
import { isOutputSetting, OUTPUT_FORMATS, type OutputSetting } from '../output/mode.js';
import { realOwnership, type FolderOwnership } from './safe-folder.js';
import { isZone, type Zone } from './zones.js';
import { readUserYaml } from './read-yaml.js';

/** Non-secret defaults a repository commits in `.dgwrc`, `.dgwrc.json`, `.dgwrc.yaml` or `package.json#dgw`. */
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

/** Where the query files live and which folders they manage. */
export interface CodeSettings {
  /** The directory of query files, relative to the project file (default `queries`). */
  dir?: string;
  /** The managed folders (default: the whole project). */
  folders?: string[];
}

const SECRET_KEYS = ['apiKey', 'api_key', 'apikey', 'key', 'token', 'apiToken'];
const KNOWN_KEYS = ['project', 'zone', 'profile', 'baseUrl', 'output', 'code'];
const STRING_KEYS = ['project', 'zone', 'profile', 'baseUrl', 'output'];

const DATA_PLACES = ['package.json', '.dgwrc', '.dgwrc.json', '.dgwrc.yaml', '.dgwrc.yml', '.config/dgwrc', '.config/dgwrc.json', '.config/dgwrc.yaml', '.config/dgwrc.yml'];
const CODE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts'];
/** Names cosmiconfig would run as code; dgw never does, and says it ignored them. */
const CODE_PLACES = ['.dgwrc', '.config/dgwrc', 'dgw.config'].flatMap((base) => CODE_EXTENSIONS.map((ext) => base + ext));

/** The nearest project file, and the files passed over on the way to it. */
export interface ProjectFileSearch {
  file?: ProjectFile;
  /** JavaScript or TypeScript project files found and not run. */
  ignored: string[];
  /** Project files another user owns (a file planted in a shared folder), not read. */
  foreign: Array<{ filepath: string; uid: number }>;
}

/**
 * Finds the nearest project file like cosmiconfig, up to the project root (a folder with a
 * package.json or .git), but reads data files only: a cloned repository's `.dgwrc.js` is never
 * run, and a file another user owns is passed over, as git passes over their repositories.
 */
export async function findProjectFile(cwd: string, owner: FolderOwnership | undefined = realOwnership()): Promise<ProjectFileSearch> {
  const found: ProjectFileSearch = { ignored: [], foreign: [] };
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const entries = listFolder(dir);
    const config = entries.includes('.config') ? listFolder(path.join(dir, '.config')) : [];
    const has = (place: string) => (place.startsWith('.config/') ? config.includes(place.slice(8)) : entries.includes(place));
    found.ignored.push(...CODE_PLACES.filter(has).map((place) => path.join(dir, place)));
    for (const place of DATA_PLACES.filter(has)) {
      const filepath = path.join(dir, place);
      const uid = owner?.stat(filepath)?.uid;
      if (owner && uid !== undefined && uid !== owner.uid && uid !== 0) {
        found.foreign.push({ filepath, uid });
        continue;
      }
      const raw = await readDataFile(filepath);
      if (raw !== undefined) return { ...found, file: checkProjectFile(raw, filepath) };
    }
    if (['package.json', 'package.yaml', '.git'].some((root) => entries.includes(root)) || path.dirname(dir) === dir) return found;
  }
}

/** The nearest project file, or undefined; code files found on the way are ignored without a word. */
export async function loadProjectFile(cwd: string): Promise<ProjectFile | undefined> {
  return (await findProjectFile(cwd)).file;
}

function listFolder(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

async function readDataFile(filepath: string): Promise<unknown> {
  const info = fs.statSync(filepath, { throwIfNoEntry: false });
  if (info && !info.isFile() && !info.isDirectory()) throw new UsageError(`project file ${filepath} is not a regular file (a named pipe or a device?); make it a file or remove it`);
  let text: string;
  try {
    text = fs.readFileSync(filepath, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'ENOENT') return undefined;
    throw error;
  }
  if (text.trim() === '') return undefined;
  const base = path.basename(filepath);
  try {
    if (base === 'package.json') return (JSON.parse(text) as Record<string, unknown> | null)?.dgw ?? undefined;
    if (base.endsWith('.json')) return JSON.parse(text) as unknown;
    return (await readUserYaml(text)) ?? undefined; // comments only: no settings, as an empty file
  } catch (error) {
    throw new UsageError(`project file ${filepath} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Validates a project file's contents; refuses API keys, which belong in the user store. */
export function checkProjectFile(record: unknown, filepath: string): ProjectFile {
  if (!isRaw(record)) {
    throw new UsageError(`project file ${filepath} must hold an object`);
  }
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
      throw new UsageError(`project file ${filepath}: "${key}" must be a string${typeof record[key] === 'number' ? ` (YAML reads an unquoted number as a number: write ${key}: "…")` : ''}`);
    }
    // An empty entry is a mistake (a variable that was not filled in), never a request for the profile's value.
    if (typeof record[key] === 'string' && record[key].trim() === '') throw new UsageError(`project file ${filepath}: "${key}" is empty; give it a value or leave it out`);
  }
  if (record.zone !== undefined && !isZone((record.zone as string).toLowerCase())) {
    throw new UsageError(`project file ${filepath}: zone must be default, eu or local`);
  }
  if (record.output !== undefined && !isOutputSetting((record.output as string).toLowerCase())) {
    throw new UsageError(`project file ${filepath}: output must be ${OUTPUT_FORMATS.join(', ')} or auto`);
  }
  if (record.code !== undefined) checkCodeSettings(record.code, filepath);
  return { filepath, ...(record as Omit<ProjectFile, 'filepath'>) };
}

function checkCodeSettings(record: unknown, filepath: string): void {
  const fail = (problem: string): never => {
    throw new UsageError(`project file ${filepath}: code${problem}`);
  };
  if (!isRaw(record)) return fail(' must be an object such as {"dir": "queries", "folders": ["/reports"]}');
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
