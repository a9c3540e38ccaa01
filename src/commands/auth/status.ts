import type { Command } from 'commander';
import type { Static } from 'typebox';
import path from 'node:path';
import { listCatalogs } from '../../api/catalogs.js';
import { listConnectionConfigs } from '../../api/connections.js';
import { whoAmI } from '../../api/info.js';
import { describeSource } from '../../config/explain.js';
import { describeBinding } from '../../config/key-binding.js';
import { missingKeyError } from '../../config/missing-key.js';
import { keychainName } from '../../config/keychain.js';
import { maskKey, projectFileChoseHost } from '../../config/settings.js';
import { configDir } from '../../config/store.js';
import type * as O from '../../contract/results.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `dgw auth status`. */
export interface StatusOptions {
  /** false with --no-verify: report the settings without asking the service. */
  verify?: boolean;
}

/** What `auth status` reports; the key only masked. */
export type AuthStatus = Static<typeof O.AuthStatus>;

/** The status with where the key lives in words, for people (not part of the JSON). */
type ShownStatus = AuthStatus & { keyStorageText: string | null };

const FIELDS: Column<ShownStatus>[] = [
  { field: 'profile', kind: 'key' },
  { field: 'zone' },
  { field: 'baseUrl', show: (s) => s.baseUrl ?? '(local gateway)' },
  { field: 'projectId', kind: 'key', show: (s) => (s.projectName ? `${s.projectId} (${s.projectName})` : s.projectId) },
  { field: 'key', show: (s) => `${s.key}${s.keyType ? ` (${s.keyType} key)` : ''} from ${s.keySource}` },
  { field: 'keyStorage', show: (s) => s.keyStorageText },
  { field: 'keyBoundTo', show: (s) => (s.keyBoundTo ? `${describeBinding(s.keyBoundTo)} only` : s.keySource.startsWith('env') ? 'any host (environment)' : null) },
  { field: 'verified', show: (s) => (s.verified ? (s.email ? `yes (${s.email})` : 'yes') : 'no') },
];

export function registerAuthStatus(parent: Command, wiring: Wiring): void {
  parent
    .command('status')
    .description('Show the profile, zone, project and (masked) key in use and where the key comes from; exit 3 without a key')
    .option('--no-verify', 'do not check the key with the service')
    .addHelpText('after', examples('dgw auth status', 'dgw auth status --no-verify --json', 'dgw --profile eu-work auth status'))
    .action(wiring.action(runAuthStatus));
}

export async function runAuthStatus(ctx: Context, opts: StatusOptions): Promise<void> {
  const s = await ctx.settings();
  const local = s.zone.value === 'local' && s.baseUrl.value === undefined;
  const key = await ctx.apiKey();
  if (!key && !local) {
    if (s.withheldKey || s.envKeyHeldBack || projectFileChoseHost(s.baseUrl)) throw missingKeyError(s);
    throw new AuthError(`not logged in: profile ${s.profile.value} holds no API key and DGW_API_KEY is not set`, {
      hint: 'run `dgw auth login`, or set DGW_API_KEY',
    });
  }
  const status: AuthStatus = {
    profile: s.profile.value,
    zone: s.zone.value,
    baseUrl: s.baseUrl.value ?? null,
    projectId: s.projectId.value ?? null,
    // The local gateway hands out its own key when none is configured.
    key: key ? maskKey(key) : '(local gateway key)',
    keySource: key ? describeSource({ source: s.apiKey.source, origin: s.apiKey.origin ?? null }) : 'local gateway',
    keyBoundTo: s.keyBoundTo.value ?? null,
    keyType: s.keyType.value ?? null,
    keyStorage: !key ? null : s.apiKey.source === 'env' ? 'env' : s.keychainAccount ? 'keychain' : 'file',
    verified: false,
    email: null,
    projectName: null,
  };
  if (opts.verify !== false) await verify(ctx, status);
  if (s.withheldKey) {
    ctx.out.note(`profile ${s.withheldKey.profile}'s own key is bound to ${describeBinding(s.withheldKey.boundTo)} and is not used here`);
  }
  if (ctx.out.json) {
    await ctx.out.record(status, [], (x) => x.profile);
    return;
  }
  const storedIn = { keychain: `the OS keychain (${keychainName()})`, file: `${path.join(configDir(ctx.env), 'config.json')} (mode 0600)`, env: 'the environment (DGW_API_KEY)' };
  await ctx.out.record({ ...status, keyStorageText: status.keyStorage ? storedIn[status.keyStorage] : null }, FIELDS, (x) => x.profile);
}

/** Checks the key with the service: catalogs with a project, else GET /info, else the connection types. */
async function verify(ctx: Context, status: AuthStatus): Promise<void> {
  const http = await ctx.http();
  if (status.projectId) {
    try {
      await listCatalogs(http, status.projectId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        throw new AuthError(`the key cannot reach project ${status.projectId} (HTTP 403)`, { status: 403, errorCode: error.errorCode, hint: 'a project key only reaches its own project; check --project' });
      }
      throw error;
    }
    status.verified = true;
    return;
  }
  try {
    const info = await whoAmI(http);
    status.email = typeof info?.email === 'string' ? info.email : null;
    status.projectName = typeof info?.projectName === 'string' ? info.projectName : null;
    if (typeof info?.projectId === 'string' && info.projectId) status.projectId = info.projectId;
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 405))) throw error;
    await listConnectionConfigs(http);
  }
  status.verified = true;
}
