import type { Command } from 'commander';
import { whoAmI } from '../../api/info.js';
import { describeSource } from '../../config/explain.js';
import { maskKey } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `dgw auth status`. */
export interface StatusOptions {
  /** false with --no-verify: report the settings without asking the service. */
  verify?: boolean;
}

/** What `auth status` reports; the key only masked. */
export interface AuthStatus {
  profile: string;
  zone: string;
  baseUrl: string | null;
  projectId: string | null;
  key: string;
  keySource: string;
  keyType: string | null;
  verified: boolean;
  email: string | null;
  projectName: string | null;
}

const FIELDS: Column<AuthStatus>[] = [
  { header: 'profile', value: (s) => s.profile },
  { header: 'zone', value: (s) => s.zone },
  { header: 'base URL', value: (s) => s.baseUrl ?? '(local gateway)' },
  { header: 'project', value: (s) => (s.projectName ? `${s.projectId} (${s.projectName})` : s.projectId) },
  { header: 'key', value: (s) => `${s.key}${s.keyType ? ` (${s.keyType} key)` : ''} from ${s.keySource}` },
  { header: 'user', value: (s) => (s.verified ? (s.email ?? 'verified') : 'not verified') },
];

export function registerAuthStatus(parent: Command, wiring: Wiring): void {
  parent
    .command('status')
    .description('Show the profile, zone, project and (masked) key in use and where the key comes from; exit 3 without a key')
    .option('--no-verify', 'do not check the key with the service (GET /info)')
    .addHelpText('after', examples('dgw auth status', 'dgw auth status --no-verify --json', 'dgw --profile eu-work auth status'))
    .action(wiring.action(runAuthStatus));
}

export async function runAuthStatus(ctx: Context, opts: StatusOptions): Promise<void> {
  const s = await ctx.settings();
  const local = s.zone.value === 'local' && s.baseUrl.value === undefined;
  if (!s.apiKey.value && !local) {
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
    key: s.apiKey.value ? maskKey(s.apiKey.value) : '(local gateway key)',
    keySource: s.apiKey.value ? describeSource({ source: s.apiKey.source, origin: s.apiKey.origin ?? null }) : 'local gateway',
    keyType: s.keyType.value ?? null,
    verified: false,
    email: null,
    projectName: null,
  };
  if (opts.verify !== false) {
    const info = await whoAmI(await ctx.http());
    status.verified = true;
    status.email = typeof info?.email === 'string' ? info.email : null;
    status.projectName = typeof info?.projectName === 'string' ? info.projectName : null;
  }
  await ctx.out.record(status, FIELDS, (x) => x.profile);
}
