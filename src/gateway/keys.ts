import { join } from 'node:path';
import { damagedFile, parseOrDamaged, readTextIfThere } from '../local-faults.js';
import { JsonFileStore, writeJsonFile } from './json-file.js';

/** A project API key as stored: only a hash of the secret is kept. */
export interface StoredProjectKey {
  apiKeyId: string;
  projectId: string;
  name: string;
  hash: string;
  expiresAt: string | null;
  createdAt: string;
}

/** The contents of `keys.json` in the data folder (mode 0600). */
export interface KeyFile {
  partnerKey: string;
  projectKeys: StoredProjectKey[];
  /** Secrets of the keys made on first start, so `dgw serve` can print them again. */
  initialProjectKeys: Record<string, string>;
}

/** Who a bearer token belongs to. */
export type Principal = { kind: 'partner' } | { kind: 'project'; projectId: string; apiKeyId: string };

export const KEY_FILE = 'keys.json';

// Loaded lazily: a command with the partner key never needs it.
const crypto = () => process.getBuiltinModule('node:crypto');
const hash = (secret: string) => crypto().createHash('sha256').update(secret).digest('hex');
const newSecret = (prefix: string) => `${prefix}_${crypto().randomBytes(24).toString('base64url')}`;

/** Partner and project keys of one data folder (or of memory, for tests). */
export class KeyStore extends JsonFileStore<KeyFile> {
  private constructor(
    data: KeyFile,
    file: string | undefined,
    readonly now: () => number,
  ) {
    super(data, file);
  }

  /** Loads `keys.json`, creating it (and a partner key) on first start; `partnerKey` fixes that key. */
  static async open(dataDir: string | undefined, options: { partnerKey?: string; now?: () => number } = {}): Promise<KeyStore> {
    const now = options.now ?? Date.now;
    const file = dataDir === undefined ? undefined : join(dataDir, KEY_FILE);
    let data = file ? await readKeyFile(file) : undefined;
    let dirty = false;
    if (!data) {
      data = { partnerKey: options.partnerKey ?? newSecret('dgw_partner'), projectKeys: [], initialProjectKeys: {} };
      dirty = true;
    } else if (options.partnerKey && options.partnerKey !== data.partnerKey) {
      data.partnerKey = options.partnerKey;
      dirty = true;
    }
    if (dirty && file) await writeJsonFile(file, data);
    return new KeyStore(data, file, now);
  }

  get partnerKey(): string {
    return this.data.partnerKey;
  }

  /** The key made for a project on its first start, if it still exists. */
  initialKey(projectId: string): string | undefined {
    const secret = this.data.initialProjectKeys[projectId];
    if (secret && this.data.projectKeys.some((k) => k.hash === hash(secret))) return secret;
    return undefined;
  }

  /** Makes the first project key of a project (once); returns its secret. */
  async ensureInitialKey(projectId: string): Promise<string> {
    const existing = this.data.initialProjectKeys[projectId];
    if (existing !== undefined) return existing;
    const created = await this.create(projectId, `${projectId} (initial)`, null);
    await this.change((data) => ({ ...data, initialProjectKeys: { ...data.initialProjectKeys, [projectId]: created.apiKey } }));
    return created.apiKey;
  }

  /** Who presents this token, or undefined for an unknown, revoked or expired key. */
  identify(token: string): Principal | undefined {
    if (safeEqual(token, this.data.partnerKey)) return { kind: 'partner' };
    const h = hash(token);
    const key = this.data.projectKeys.find((k) => k.hash === h);
    if (!key) return undefined;
    if (key.expiresAt !== null && Date.parse(key.expiresAt) <= this.now()) return undefined;
    return { kind: 'project', projectId: key.projectId, apiKeyId: key.apiKeyId };
  }

  list(projectId: string): StoredProjectKey[] {
    return this.data.projectKeys.filter((k) => k.projectId === projectId);
  }

  async create(projectId: string, name: string, expiresAt: string | null): Promise<StoredProjectKey & { apiKey: string }> {
    const apiKey = newSecret('dgw_project');
    const key: StoredProjectKey = { apiKeyId: crypto().randomUUID(), projectId, name, hash: hash(apiKey), expiresAt, createdAt: new Date(this.now()).toISOString() };
    await this.change((data) => ({ ...data, projectKeys: [...data.projectKeys, key] }));
    return { ...key, apiKey };
  }

  delete(projectId: string, apiKeyId: string): Promise<void> {
    return this.change((data) => ({ ...data, projectKeys: data.projectKeys.filter((k) => k.projectId !== projectId || k.apiKeyId !== apiKeyId) }));
  }

  /** Removes every key of a deleted project, its initial key too. */
  forgetProject(projectId: string): Promise<void> {
    return this.change((data) => {
      const { [projectId]: _initial, ...initialProjectKeys } = data.initialProjectKeys;
      return { ...data, projectKeys: data.projectKeys.filter((k) => k.projectId !== projectId), initialProjectKeys };
    });
  }
}

/** Reads a data folder's key file; undefined when there is none, and a file not in dgw's shape is named as damaged. */
export async function readKeyFile(file: string): Promise<KeyFile | undefined> {
  const text = readTextIfThere(file);
  if (text === undefined) return undefined;
  const parsed = parseOrDamaged(text, (problem) => damagedKeys(file, problem));
  const problem = keyFileProblem(parsed);
  if (problem) throw damagedKeys(file, problem);
  const data = parsed as Partial<KeyFile> & { partnerKey: string };
  return { partnerKey: data.partnerKey, projectKeys: data.projectKeys ?? [], initialProjectKeys: data.initialProjectKeys ?? {} };
}

function keyFileProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'it does not hold a JSON object';
  const { partnerKey, projectKeys, initialProjectKeys } = data as Record<string, unknown>;
  if (typeof partnerKey !== 'string' || partnerKey === '') return 'it has no partner key';
  if (projectKeys !== undefined) {
    if (!Array.isArray(projectKeys)) return '"projectKeys" is not a list';
    const fields = ['apiKeyId', 'projectId', 'name', 'hash'] as const;
    const bad = projectKeys.findIndex((k) => typeof k !== 'object' || k === null || fields.some((f) => typeof (k as Record<string, unknown>)[f] !== 'string'));
    if (bad >= 0) return `project key ${bad + 1} of "projectKeys" lacks one of ${fields.join(', ')}`;
  }
  if (initialProjectKeys !== undefined) {
    if (typeof initialProjectKeys !== 'object' || initialProjectKeys === null || Array.isArray(initialProjectKeys)) return '"initialProjectKeys" is not an object';
    if (Object.values(initialProjectKeys).some((v) => typeof v !== 'string')) return '"initialProjectKeys" holds a value that is not a key';
  }
  return undefined;
}

function damagedKeys(file: string, problem: string) {
  return damagedFile(
    file,
    problem,
    `restore it from a backup; or move it aside (mv ${file} ${file}.damaged), and the gateway makes a new partner key on its next start: the project keys made before stop working, and the data is kept`,
  );
}

/** Compares a presented key with a stored one in time that depends on their length only. */
function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
