import { Option, type Command } from 'commander';
import { whoAmI } from '../../api/info.js';
import type { Info } from '../../api/types.js';
import { maskKey, type Resolved, type Settings } from '../../config/settings.js';
import type { Profile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { readKey } from './read-key.js';

/** Options of `dgw auth login`; zone, base URL, project and profile are the global flags. */
export interface LoginOptions {
  keyType?: 'partner' | 'project';
  withToken?: boolean;
}

/** What `auth login --json` prints: the stored profile, without its key. */
export interface LoginResult {
  profile: string;
  zone: string;
  baseUrl: string | null;
  projectId: string | null;
  keyType: 'partner' | 'project';
}

export function registerAuthLogin(parent: Command, wiring: Wiring): void {
  parent
    .command('login')
    .description('Check an API key with the service (GET /info), store it in a profile and make that profile current')
    .addOption(new Option('--key-type <type>', 'partner (every project) or project (one project); detected when omitted').choices(['partner', 'project']))
    .option('--with-token', 'read the key from stdin instead of asking for it')
    .addHelpText(
      'after',
      `${examples(
        'dgw auth login                                   # asks for the key (hidden)',
        'dgw auth login --with-token < key.txt',
        'dgw --profile eu-work auth login --zone eu --with-token < key.txt',
        'echo "$PARTNER_KEY" | dgw auth login --key-type partner --project p-123 --with-token',
        'dgw auth login --base-url https://gateway.example.com/api/v1 --with-token < key.txt',
      )}
Global options set what is stored: --profile, --zone, --base-url, --project (see \`dgw --help\`).
The profile written is --profile, else DGW_PROFILE, the project file's, the current one, or "default".
A project key's project is discovered; a partner key needs --project (or --project on each command).
`,
    )
    .action(wiring.action(runAuthLogin));
}

export async function runAuthLogin(ctx: Context, opts: LoginOptions): Promise<void> {
  // Resolving first checks --zone, --base-url and the project file before the key is asked for.
  const settings = await ctx.settings();
  const store = await ctx.store();
  const name = settings.profile.value;
  const key = await readKey(ctx, opts.withToken);

  const info = await verifyKey(ctx, key);
  const keyType = opts.keyType ?? (info.projectId ? 'project' : 'partner');
  const projectId = chooseProject(settings.projectId, info, keyType);

  const data = store.read();
  const existing = data.profiles[name] ?? {};
  const baseUrl = followsZone(settings.baseUrl) ? undefined : settings.baseUrl.value;
  const profile: Profile = dropUndefined({
    ...existing,
    zone: settings.zone.value,
    baseUrl,
    projectId: projectId ?? (keyType === 'partner' ? existing.projectId : undefined),
    apiKey: key,
    keyType,
  });
  store.write({ ...data, currentProfile: name, profiles: { ...data.profiles, [name]: profile } });

  const result: LoginResult = {
    profile: name,
    zone: settings.zone.value,
    baseUrl: settings.baseUrl.value ?? null,
    projectId: profile.projectId ?? null,
    keyType,
  };
  if (ctx.out.json) ctx.out.value(result);
  const where = settings.zone.value === 'local' && !baseUrl ? 'the local gateway' : (settings.baseUrl.value ?? settings.zone.value);
  const who = typeof info.email === 'string' && info.email ? ` as ${info.email}` : '';
  ctx.out.success(`logged in to ${where}${who}: profile ${name} (current), ${keyType} key ${maskKey(key)}${result.projectId ? `, project ${result.projectId}` : ''}`);
  if (!result.projectId && settings.zone.value !== 'local') {
    ctx.out.warn('no project stored: pass --project ID to each command, set DGW_PROJECT, or log in again with --project ID');
  }
  if (ctx.env.DGW_API_KEY) ctx.out.warn('DGW_API_KEY is set in the environment and takes precedence over the stored key');
}

/** One GET /info both proves the key works and tells which project a project key belongs to. */
async function verifyKey(ctx: Context, key: string): Promise<Info> {
  const http = await ctx.http({ apiKey: key });
  try {
    const info = await whoAmI(http);
    return info && typeof info === 'object' ? info : ({} as Info);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new AuthError(`the service refused this key (HTTP ${error.status}); nothing was stored`, {
        status: error.status,
        errorCode: error.errorCode,
        hint: 'check the key and the zone (--zone, --base-url)',
      });
    }
    throw error;
  }
}

/** An explicit project (flag, environment, project file) wins; else the one a project key reports. */
function chooseProject(resolved: Resolved<string | undefined>, info: Info, keyType: 'partner' | 'project'): string | undefined {
  const explicit = resolved.source === 'flag' || resolved.source === 'env' || resolved.source === 'project file' ? resolved.value : undefined;
  if (explicit && keyType === 'project' && info.projectId && info.projectId !== explicit) {
    throw new AuthError(`this project key belongs to project ${info.projectId}, not ${explicit} (${resolved.origin}); nothing was stored`, {
      hint: `drop ${resolved.origin}, or use a key of project ${explicit}`,
    });
  }
  return explicit ?? info.projectId;
}

/** True when the base URL is the zone's own rather than one the user set. */
function followsZone(baseUrl: Settings['baseUrl']): boolean {
  return baseUrl.value === undefined || (baseUrl.origin ?? '').startsWith('zone ');
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
