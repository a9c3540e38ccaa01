import { UsageError } from '../errors.js';
import { isOutputSetting, OUTPUT_FORMATS, type OutputFlags, type OutputSetting } from '../output/mode.js';
import { parseDuration } from '../schedule/duration.js';
import { bindingOf, keyBinding, profilesWithKeyFor } from './key-binding.js';
import { isLoopbackHost } from './loopback.js';
import type { ProjectFile } from './project-file.js';
import type { StoreData } from './store.js';
import { isHostedUrl, isZone, LOCAL_DEFAULT_PROJECT, ZONE_BASE_URLS, type Zone } from './zones.js';

/** Where a setting's value came from, strongest first. */
export type Source = 'flag' | 'env' | 'project file' | 'profile' | 'default';

/** A resolved value and its origin, as `dgw config explain` shows it. */
export interface Resolved<T> {
  value: T;
  source: Source;
  /** The flag, variable or file that supplied it. */
  origin?: string;
}

/** Global flags that feed settings; `--format`, and `--json` and `--jq` (which choose JSON), feed the default output. */
export interface SettingFlags extends Pick<OutputFlags, 'format' | 'json' | 'jq'> {
  profile?: string;
  zone?: string;
  baseUrl?: string;
  project?: string;
  timeout?: string;
}

/** Everything a command may need to reach the service. */
export interface Settings {
  profile: Resolved<string>;
  zone: Resolved<Zone>;
  /** Undefined for zone `local` unless overridden: the local gateway decides it at connect time. */
  baseUrl: Resolved<string | undefined>;
  projectId: Resolved<string | undefined>;
  apiKey: Resolved<string | undefined>;
  /** Where the key in use may be sent; undefined for DGW_API_KEY or no key. */
  keyBoundTo: Resolved<string | undefined>;
  keyType: Resolved<'partner' | 'project' | undefined>;
  /** The profile's stored key when this command's target is not the host it is bound to: it is not sent. */
  withheldKey?: WithheldKey;
  /** Set when DGW_API_KEY is not sent because the base URL came from a project file (which a pull request can change). */
  envKeyHeldBack?: { projectFile: string; target: string };
  /** The keychain account holding the key in use; `apiKey.value` stays undefined until a request needs it. */
  keychainAccount?: string;
  /** The output format: a flag's, else the default output (DGW_OUTPUT, project file, profile), else `auto`. */
  output: Resolved<OutputSetting>;
  timeoutMs: Resolved<number>;
}

/** A stored key that stays home: the profile holds it for one host and the command names another. */
export interface WithheldKey {
  profile: string;
  /** The base URL (or `local`) the key is bound to. */
  boundTo: string;
  /** Where this command would send it: its base URL, or `local`. */
  target: string;
  /** The profiles whose stored key is bound to the target, if any. */
  profilesForTarget: string[];
}

/** Inputs of the resolution, each already read from its place. */
export interface SettingsInputs {
  flags: SettingFlags;
  env: Record<string, string | undefined>;
  projectFile?: ProjectFile;
  store: StoreData;
}

const RANK: Record<Source, number> = { flag: 4, env: 3, 'project file': 2, profile: 1, default: 0 };
const DEFAULT_TIMEOUT_MS = 30_000;

/** Resolves every setting in the order flag > environment > project file > profile > default. */
export function resolveSettings({ flags, env, projectFile, store }: SettingsInputs): Settings {
  // An empty flag is a mistake (an unset variable?), never a request for the next source's value.
  for (const [value, flag] of [[flags.profile, '--profile'], [flags.baseUrl, '--base-url'], [flags.project, '--project']] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} is empty (an unset variable?); leave it out to use the environment, project file or profile`);
  }
  const pf = projectFile?.filepath;
  // The first one given of a setting's flag, variable, project file entry and profile entry.
  const layered = (flag: string | undefined, flagName: string, variable: string, inFile: string | undefined, stored: string | undefined, profileOrigin: string) =>
    pick<string>([flag, 'flag', flagName], [env[variable], 'env', variable], [inFile, 'project file', pf], [stored, 'profile', profileOrigin]);
  const profile = layered(flags.profile, '--profile', 'DGW_PROFILE', projectFile?.profile, store.currentProfile, 'current profile') ?? { value: 'default', source: 'default' };
  const stored = store.profiles[profile.value] ?? {};
  const inProfile = `profile ${profile.value}`;

  const zoneRaw = layered(flags.zone, '--zone', 'DGW_ZONE', projectFile?.zone, stored.zone, inProfile) ?? { value: 'default', source: 'default' };
  if (!isZone(zoneRaw.value.toLowerCase())) {
    throw new UsageError(`${zoneRaw.origin ?? 'zone'}: unknown zone "${zoneRaw.value}"; use default, eu or local`);
  }
  const zone = { ...zoneRaw, value: zoneRaw.value.toLowerCase() } as Resolved<Zone>;

  const explicitUrl = layered(flags.baseUrl, '--base-url', 'DGW_BASE_URL', projectFile?.baseUrl, stored.baseUrl, inProfile);
  let baseUrl: Resolved<string | undefined>;
  if (explicitUrl && RANK[explicitUrl.source] >= RANK[zone.source]) {
    baseUrl = { ...explicitUrl, value: checkBaseUrl(explicitUrl.value, explicitUrl.origin) };
  } else if (zone.value === 'local') {
    baseUrl = { value: undefined, source: zone.source, origin: 'zone local' };
  } else {
    baseUrl = { value: ZONE_BASE_URLS[zone.value], source: zone.source, origin: `zone ${zone.value}` };
  }

  const projectId = layered(flags.project, '--project', 'DGW_PROJECT', projectFile?.project, stored.projectId, inProfile) ?? {
    value: zone.value === 'local' ? LOCAL_DEFAULT_PROJECT : undefined,
    source: 'default',
  };

  // A stored key goes only to the host it was stored for; DGW_API_KEY is the user's word for this
  // run, but not for a host a committed project file chose: a pull request could name its own.
  const target = bindingOf(baseUrl.value);
  const boundTo = keyBinding(stored);
  const storedKeyFits = boundTo !== undefined && boundTo === target;
  const envKey = projectFileChoseHost(baseUrl) ? undefined : env.DGW_API_KEY;
  const envKeyHeldBack = env.DGW_API_KEY && envKey === undefined ? { projectFile: pf!, target } : undefined;
  const inKeychain = storedKeyFits && !envKey && !stored.apiKey && stored.keychain ? stored.keychain : undefined;
  const apiKey: Resolved<string | undefined> = (inKeychain
    ? { value: undefined, source: 'profile', origin: inProfile }
    : pick<string>([envKey, 'env', 'DGW_API_KEY'], [storedKeyFits ? stored.apiKey : undefined, 'profile', inProfile])) ?? { value: undefined, source: 'default' };
  const withheldKey: WithheldKey | undefined =
    boundTo !== undefined && !storedKeyFits && apiKey.source !== 'env'
      ? { profile: profile.value, boundTo, target, profilesForTarget: profilesWithKeyFor(store, target) }
      : undefined;
  const keyBoundTo: Resolved<string | undefined> =
    apiKey.source === 'profile' ? { value: boundTo, source: 'profile', origin: inProfile } : { value: undefined, source: apiKey.source, origin: apiKey.origin };

  const keyType: Resolved<'partner' | 'project' | undefined> =
    apiKey.source === 'profile' && stored.keyType ? { value: stored.keyType, source: 'profile', origin: inProfile } : { value: undefined, source: 'default' };

  const output = outputSetting(
    pick<string>(
      [flags.jq !== undefined ? 'json' : undefined, 'flag', '--jq'],
      [flags.json !== undefined && flags.json !== false && !['yaml', 'jsonl'].includes(flags.format?.toLowerCase() ?? '') ? 'json' : undefined, 'flag', '--json'],
      [flags.format && isOutputSetting(flags.format.toLowerCase()) ? flags.format.toLowerCase() : undefined, 'flag', '--format'],
      [env.DGW_OUTPUT, 'env', 'DGW_OUTPUT'],
      [projectFile?.output, 'project file', pf],
      [stored.output, 'profile', inProfile],
    ),
  );

  const timeoutMs: Resolved<number> = flags.timeout !== undefined
    ? { value: timeoutFlag(flags.timeout), source: 'flag', origin: '--timeout' }
    : { value: DEFAULT_TIMEOUT_MS, source: 'default' };

  return {
    profile,
    zone,
    baseUrl,
    projectId,
    apiKey,
    keyBoundTo,
    keyType,
    ...(withheldKey ? { withheldKey } : {}),
    ...(envKeyHeldBack ? { envKeyHeldBack } : {}),
    ...(inKeychain ? { keychainAccount: inKeychain } : {}),
    output,
    timeoutMs,
  };
}

/** True when a project file, not the user, named the host: a URL none of the zones has. */
export function projectFileChoseHost(baseUrl: Resolved<string | undefined>): boolean {
  return baseUrl.source === 'project file' && baseUrl.value !== undefined && !isHostedUrl(baseUrl.value);
}

type Candidate<T> = [T | undefined, Source, string | undefined];

function outputSetting(found: Resolved<string> | undefined): Resolved<OutputSetting> {
  if (!found) return { value: 'auto', source: 'default' };
  const value = found.value.toLowerCase();
  if (!isOutputSetting(value)) {
    throw new UsageError(`${found.origin ?? 'output'}: "${found.value}" is not an output format; use ${OUTPUT_FORMATS.join(', ')} or auto`);
  }
  return { ...found, value };
}

function pick<T>(...candidates: Candidate<T>[]): Resolved<T> | undefined {
  for (const [value, source, origin] of candidates) {
    if (value !== undefined && value !== '') return { value, source, origin };
  }
  return undefined;
}

/** Node's timers (and ky's) stop at 2^31-1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function timeoutFlag(text: string): number {
  const d = parseDuration(text);
  if (!d && /^[0.smhdwpt]+$/i.test(text.trim()) && /0/.test(text)) throw new UsageError(`--timeout: "${text}" is zero; a timeout is more than zero (there is none for no limit, the longest is 24d): use 30s, 5m, 1h or ISO 8601 such as PT30S`);
  if (!d) throw new UsageError(`--timeout: "${text}" is not a duration; use 30s, 5m, 1h or ISO 8601 such as PT30S`);
  if (d.ms > MAX_TIMEOUT_MS) throw new UsageError(`--timeout: "${text}" is longer than the longest timeout, 24 days (24d, or P24D)`);
  return d.ms;
}

/** Refuses malformed URLs and plain http to anything but loopback; strips a trailing slash. */
export function checkBaseUrl(text: string, origin = 'base URL'): string {
  const url = URL.parse(text);
  if (!url) throw new UsageError(`${origin}: "${text}" is not a URL`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${origin}: only http and https URLs are supported`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`${origin}: plain http is only allowed for loopback addresses; use https://${url.host}${url.pathname}`);
  }
  if (url.username || url.password) throw new UsageError(`${origin}: credentials do not belong in the URL`);
  // Request paths are appended to the base URL: a query or fragment would swallow them.
  if (url.search || url.hash || /[?#]/.test(text)) throw new UsageError(`${origin}: a base URL has no query (?) or fragment (#); use ${url.origin}${url.pathname.replace(/\/+$/, '')}`);
  return url.toString().replace(/\/+$/, '');
}

export const KEY_NOT_MADE = '{the partner key, made on first start}';

/** `abcd…wxyz` style: enough to recognise a key, never enough to use it. */
export function maskKey(key: string | undefined): string {
  if (!key || key === KEY_NOT_MADE) return key ?? '(none)';
  if (key.length <= 8) return '****';
  return `****${key.slice(-4)}`;
}
