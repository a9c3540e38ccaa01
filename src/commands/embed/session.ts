import { Option, type Command } from 'commander';
import { initEmbedSession, type EmbedSessionInput, type EmbedSessionRecord } from '../../api/hosted-tools.js';
import type { Context } from '../../context.js';
import { MalformedResponseError, UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { anyCase, collect, examples, wholeNumber, type Wiring } from '../wiring.js';

/** Options of `embed session`. */
export interface EmbedSessionOptions {
  expiresIn?: string;
  theme?: string;
  themeOverride?: boolean;
  mode?: string;
  feature: string[];
  dryRun?: boolean;
}

const SESSION_COLUMNS: Column<EmbedSessionRecord>[] = [
  { field: 'sessionUrl', kind: 'key' },
  { field: 'partnerOrigin' },
];

export function registerEmbedSession(parent: Command, wiring: Wiring): void {
  parent
    .command('session')
    .option('--expires-in <seconds>', 'how long the session lasts, in seconds')
    .option('--theme <name>', 'the theme of the embedded web app')
    .option('--theme-override', 'let the theme override the web app\'s own styles')
    .addOption(anyCase(new Option('--mode <mode>', 'what the session shows'), ['FULL_STUDIO', 'CONNECTOR_MODAL_ONLY']))
    .option('--feature <name=on|off>', 'show or hide a part of the web app, repeatable', collect, [])
    .option('--dry-run', 'print the request instead of sending it')
    .description('Start an embedded session of the project: a one-time URL to load in an iframe (hosted service only)')
    .addHelpText(
      'after',
      `${examples('dgw embed session --expires-in 300 --theme dark --dry-run', 'dgw embed session --mode CONNECTOR_MODAL_ONLY --feature queries=off --dry-run')}
The URL opens the project for whoever follows it first: hand it to your application, not to a
log. The local gateway has no web app: it answers 501 and dgw exits 15 saying so.
`,
    )
    .action(wiring.action(runEmbedSession));
}

export async function runEmbedSession(ctx: Context, opts: EmbedSessionOptions): Promise<void> {
  const input: Omit<EmbedSessionInput, 'projectId'> = {};
  if (opts.expiresIn !== undefined) {
    input.timeoutInSeconds = wholeNumber(opts.expiresIn, '--expires-in');
  }
  if (opts.theme !== undefined) input.theme = opts.theme;
  if (opts.themeOverride) input.themeOverride = true;
  if (opts.mode !== undefined) input.sessionMode = opts.mode;
  if (opts.feature.length > 0) input.featureFlags = Object.fromEntries(opts.feature.map(featureFlag));
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const answer = await initEmbedSession(http, { projectId, ...input });
  if (opts.dryRun) return;
  if (!answer?.sessionUrl) throw new MalformedResponseError('the service answered no sessionUrl');
  await ctx.out.record(answer, SESSION_COLUMNS, (s) => s.sessionUrl);
}

/** `name=on|off` as a feature flag. */
function featureFlag(given: string): [string, boolean] {
  const m = /^([^=\s]+)=(on|off|true|false)$/i.exec(given);
  if (!m) throw new UsageError(`--feature ${JSON.stringify(given)}: give name=on or name=off`);
  return [m[1], /^(on|true)$/i.test(m[2])];
}
