import { Option, type Command } from 'commander';
import type { Static } from 'typebox';
import { listCatalogs } from '../../api/catalogs.js';
import { whoAmI } from '../../api/info.js';
import type { Info } from '../../api/types.js';
import { describeSource } from '../../config/explain.js';
import { bindingOf, describeBinding, keyBinding } from '../../config/key-binding.js';
import { maskKey, projectFileChoseHost, type Resolved, type Settings } from '../../config/settings.js';
import { storeKey } from '../../config/key-storage.js';
import type { Profile } from '../../config/store.js';
import type * as O from '../../contract/results.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError, DgwError, MalformedResponseError, UsageError } from '../../errors.js';
import { anyCase, examples, type Wiring } from '../wiring.js';
import { readKey } from './read-key.js';

/** Options of `dgw auth login`; zone, base URL, project and profile are the global flags. */
export interface LoginOptions {
  keyType?: 'partner' | 'project';
  withToken?: boolean;
  insecureStorage?: boolean;
}

/** What `auth login --json` prints: the stored profile, without its key. */
export type LoginResult = Static<typeof O.LoginResult>;

export function registerAuthLogin(parent: Command, wiring: Wiring): void {
  parent
    .command('login')
    .description('Check an API key with the service, store it in a profile and make that profile current')
    .addOption(anyCase(new Option('--key-type <type>', 'partner (every project) or project (one project); detected when omitted'), ['partner', 'project']))
    .option('--with-token', 'read the key from stdin instead of asking for it')
    .option('--insecure-storage', 'keep the key in the config file (mode 0600) even where an OS keychain is available')
    .addHelpText(
      'after',
      `${examples(
        'dgw auth login                                   # asks for the key (hidden)',
        'dgw auth login --with-token < key.txt',
        'dgw --profile eu-work auth login --zone eu --with-token < key.txt',
        'echo "$PARTNER_KEY" | dgw auth login --key-type partner --project p-123 --with-token',
        'dgw auth login --base-url https://gateway.example.com/api/v1 --with-token < key.txt',
        'dgw --profile staging auth login --base-url https://staging.example.com/api/v1 --with-token < staging-key.txt',
      )}
Global options set what is stored: --profile, --zone, --base-url, --project (see \`dgw --help\`).
The profile written is --profile, else DGW_PROFILE, the project file's, the current one, or "default".
With --project the key is checked on that project; without it, GET /info tells a project key's project\n(a partner key then needs --project on each command, or DGW_PROJECT).
The stored key is bound to the base URL it was checked against (the zone's, or --base-url): dgw
sends it there and nowhere else. For a second host, log in under a second profile.
The key goes to the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on
Linux) where one answers, else to the config file (mode 0600); --insecure-storage chooses the file.
\`dgw auth status\` says where it is.
`,
    )
    .action(wiring.action(runAuthLogin));
}

export async function runAuthLogin(ctx: Context, opts: LoginOptions): Promise<void> {
  // Resolving first checks --zone, --base-url and the project file before the key is asked for.
  const settings = await ctx.settings({ mayCreateProfile: true });
  // On a terminal the prompt names the project file that chose the host; a key piped in is sent unseen.
  if (opts.withToken && projectFileChoseHost(settings.baseUrl)) {
    throw new UsageError(
      `the base URL ${settings.baseUrl.value} comes from the project file ${settings.baseUrl.origin}; a key read from stdin goes only to a host you name`,
      `to log in there, name it yourself: --base-url ${settings.baseUrl.value} (or DGW_BASE_URL)`,
    );
  }
  const store = await ctx.store();
  const name = settings.profile.value;
  const key = await readKey(ctx, opts.withToken, targetOf(settings.baseUrl));

  const explicit = explicitProject(settings.projectId);
  const checked = explicit ? await checkKeyOnProject(ctx, key, explicit) : await discoverProject(ctx, key);
  if (opts.keyType === 'partner' && checked.keyType === 'project') {
    throw new UsageError(`--key-type partner, but the service says this key belongs to project ${checked.projectId}: it is a project key; nothing was stored`, 'leave --key-type out (the type is detected), or log in with the partner key');
  }
  // A check on a named project does not tell the type; the one stored stays for the same key.
  const keyType = opts.keyType ?? checked.keyType ?? (settings.keyType.value && (await ctx.apiKey().catch(() => undefined)) === key ? settings.keyType.value : undefined);
  const projectId = explicit?.id ?? checked.projectId;

  const data = store.read();
  const existing = data.profiles[name] ?? {};
  const baseUrl = followsZone(settings.baseUrl) ? undefined : settings.baseUrl.value;
  const boundTo = bindingOf(settings.baseUrl.value);
  const replaced = keyBinding(existing);
  const kept = await storeKey(ctx, name, existing, key, opts.insecureStorage === true);
  let profile: Profile = {};
  // The store as it is now (another command may have changed it since it was read above).
  await store.update((now) => {
    const { apiKey: _file, keychain: _entry, ...rest } = now.profiles[name] ?? {};
    profile = dropUndefined({
      ...rest,
      zone: settings.zone.value,
      baseUrl,
      projectId: projectId ?? (keyType === 'project' ? undefined : rest.projectId),
      ...kept.fields,
      keyBoundTo: boundTo,
      keyType,
    });
    return { ...now, currentProfile: name, profiles: { ...now.profiles, [name]: profile } };
  });

  const result: LoginResult = {
    profile: name,
    zone: settings.zone.value,
    baseUrl: settings.baseUrl.value ?? null,
    keyBoundTo: boundTo,
    projectId: profile.projectId ?? null,
    keyType: keyType ?? null,
    keyStorage: kept.storage,
  };
  if (ctx.out.json) ctx.out.value(result);
  const where = settings.zone.value === 'local' && !baseUrl ? 'the local gateway' : (settings.baseUrl.value ?? settings.zone.value);
  const who = checked.email ? ` as ${checked.email}` : '';
  ctx.out.success(`logged in to ${where}${who}: profile ${name} (current), ${keyType ? `${keyType} key` : 'key'} ${maskKey(key)}${result.projectId ? `, project ${result.projectId}` : ''}`);
  ctx.out.note(kept.storage === 'keychain' ? `the key is in the ${kept.keychain}` : `the key is in ${store.path} (readable by you only)`);
  if (kept.fallback) ctx.out.note(`no OS keychain answered (${kept.fallback}); use --insecure-storage to say the file is intended`);
  if (replaced !== undefined && replaced !== boundTo) {
    ctx.out.warn(`profile ${name} held a key for ${describeBinding(replaced)}; it now holds this one, for ${describeBinding(boundTo)} only (one host per profile: use --profile NAME to keep several)`);
  }
  if (!result.projectId && settings.zone.value !== 'local') {
    ctx.out.warn('no project stored: pass --project ID to each command, set DGW_PROJECT, or log in again with --project ID');
  }
  if (ctx.env.DGW_API_KEY) ctx.out.warn('DGW_API_KEY is set in the environment and takes precedence over the stored key');
}

interface KeyCheck {
  projectId?: string;
  keyType?: 'partner' | 'project';
  email?: string;
}

/** A project id the user gave for this login (flag, environment, project file), with where it came from. */
function explicitProject(resolved: Resolved<string | undefined>): { id: string; origin: string } | undefined {
  const given = resolved.source === 'flag' || resolved.source === 'env' || resolved.source === 'project file';
  return given && resolved.value ? { id: resolved.value, origin: resolved.origin ?? resolved.source } : undefined;
}

/** With the project known, checks the key with List Catalogs, which either kind of key may call. */
async function checkKeyOnProject(ctx: Context, key: string, project: { id: string; origin: string }): Promise<KeyCheck> {
  const http = await ctx.http({ apiKey: key });
  try {
    await listCatalogs(http, project.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      throw new AuthError(`this key cannot reach project ${project.id} (HTTP 403); nothing was stored`, {
        status: 403,
        errorCode: error.errorCode,
        hint: `a project key only reaches its own project: check ${project.origin}, or use a key of project ${project.id}`,
      });
    }
    throw refused(error);
  }
  return {};
}

/** Without a project, GET /info tells a project key's project; a service without it leaves the user to give --project. */
async function discoverProject(ctx: Context, key: string): Promise<KeyCheck> {
  const http = await ctx.http({ apiKey: key });
  let info: Info;
  try {
    info = await whoAmI(http);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
      throw new DgwError('not_found', `this service does not say which project a key belongs to (GET /info answered HTTP ${error.status}); nothing was stored`, {
        status: error.status,
        hint: 'log in again with --project ID (and --key-type partner or project); `dgw project list` finds project ids with a partner key',
      });
    }
    throw refused(error);
  }
  if (!info || typeof info !== 'object' || Array.isArray(info)) throw new MalformedResponseError(`GET /info answered ${JSON.stringify(info).slice(0, 100)}, not an object; nothing was stored`);
  return {
    projectId: typeof info.projectId === 'string' && info.projectId ? info.projectId : undefined,
    keyType: info.projectId ? 'project' : 'partner',
    email: typeof info.email === 'string' && info.email ? info.email : undefined,
  };
}

/** 401 and 403 mean the key itself was refused. */
function refused(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return new AuthError(`the service refused this key (HTTP ${error.status}); nothing was stored`, {
      status: error.status,
      errorCode: error.errorCode,
      hint: 'check the key and the zone (--zone, --base-url)',
    });
  }
  return error;
}

/** Where the key will be checked and bound, and who chose that: `https://… (project file /repo/.dgwrc.json)`. */
function targetOf(baseUrl: Settings['baseUrl']): string {
  const where = describeBinding(bindingOf(baseUrl.value));
  return baseUrl.source === 'default' ? where : `${where} (${describeSource({ source: baseUrl.source, origin: baseUrl.origin ?? null })})`;
}

/** True when the base URL is the zone's own rather than one the user set. */
function followsZone(baseUrl: Settings['baseUrl']): boolean {
  return baseUrl.value === undefined || (baseUrl.origin ?? '').startsWith('zone ');
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
