import { UsageError } from '../errors.js';
import { isZone, type Zone } from './zones.js';

/** Non-secret defaults a repository commits in `.dgwrc`, `dgw.config.js` or `package.json#dgw`. */
export interface ProjectFile {
  filepath: string;
  project?: string;
  zone?: Zone;
  profile?: string;
  baseUrl?: string;
  output?: 'json' | 'auto';
}

const SECRET_KEYS = ['apiKey', 'api_key', 'apikey', 'key', 'token', 'apiToken'];
const KNOWN_KEYS = ['project', 'zone', 'profile', 'baseUrl', 'output'];

/** Finds and checks the nearest project file from `cwd` up to the project root. */
export async function loadProjectFile(cwd: string): Promise<ProjectFile | undefined> {
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
  for (const key of KNOWN_KEYS) {
    if (record[key] !== undefined && typeof record[key] !== 'string') {
      throw new UsageError(`project file ${filepath}: "${key}" must be a string`);
    }
  }
  if (record.zone !== undefined && !isZone(record.zone as string)) {
    throw new UsageError(`project file ${filepath}: zone must be default, eu or local`);
  }
  if (record.output !== undefined && record.output !== 'json' && record.output !== 'auto') {
    throw new UsageError(`project file ${filepath}: output must be json or auto`);
  }
  return { filepath, ...(record as Omit<ProjectFile, 'filepath'>) };
}
