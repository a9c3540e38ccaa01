import type { Command } from 'commander';
import { createApiKey } from '../../api/keys.js';
import type { ApiKeyRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import { parseIsoTime } from '../../iso-time.js';
import { UsageError } from '../../errors.js';
import { parseDuration } from '../../schedule/duration.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { requirePartnerKey } from '../partner-key.js';

export interface KeyCreateOptions {
  expires?: string;
  dryRun?: boolean;
}

export function registerKeyCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<name>', 'a name for the key, e.g. the pipeline that will use it')
    .option('--expires <when>', 'when the key stops working: an ISO 8601 time (2027-01-31T00:00:00Z) or a duration from now (90d, P90D); never when omitted')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Create a project API key (partner key only); its secret is printed once, on stdout')
    .addHelpText(
      'after',
      `\nThe secret is printed on stdout and nowhere else (not in --debug traces); it cannot be shown again.\n${examples(
        'dgw key create ci-pipeline --expires 90d > ci-key.txt',
        'dgw key create nightly --expires 2030-01-01T00:00:00Z --json',
        'dgw key create ci | dgw --profile ci auth login --with-token   # a profile for CI, now the current one',
      )}`,
    )
    .action(wiring.action(runKeyCreate));
}

export async function runKeyCreate(ctx: Context, name: string, opts: KeyCreateOptions): Promise<void> {
  checkNameArgument(name, 'NAME');
  const body: ApiKeyRequest = { name };
  if (opts.expires !== undefined) body.expiresAt = expiryTime(opts.expires, ctx.clock.now());
  const fields = ctx.out.requestedFields;
  if (fields && !fields.includes('apiKey')) {
    throw new UsageError(`--json ${fields.join(',')} leaves out apiKey, the new key's secret, which is shown this once and never again`, `add apiKey to the fields: --json ${[...fields, 'apiKey'].join(',')}`);
  }
  await requirePartnerKey(ctx, 'managing project API keys');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const key = await createApiKey(http, projectId, body);
  if (opts.dryRun) return;
  if (ctx.out.json) ctx.out.value(key);
  else if (key.apiKey) ctx.out.raw(key.apiKey);
  if (!key.apiKey) ctx.out.warn('the service sent no secret for the new key');
  const jq = ctx.out.mode.kind === 'json' ? ctx.out.mode.jq : undefined;
  if (key.apiKey && jq !== undefined && jq.trim() !== '.' && !/\bapiKey\b/.test(jq)) ctx.out.warn(`--jq ${jq} may leave out apiKey, the secret, which cannot be shown again: if it did, delete this key (\`dgw key rm ${key.apiKeyId}\`) and make another`);
  ctx.out.success(`created API key ${key.name} (id ${key.apiKeyId}, ${key.expiresAt ? `expires ${key.expiresAt}` : 'never expires'}); the secret is shown this once: store it now`);
}

/** `--expires`: an ISO 8601 time, or a duration from now; in the future either way. */
function expiryTime(text: string, now: number): string {
  const duration = parseDuration(text);
  const at = duration ? now + duration.ms : parseIsoTime(text);
  if (at === undefined) throw new UsageError(`--expires: "${text}" is neither an ISO 8601 time (2027-01-31T00:00:00Z) nor a duration (90d, P90D)`);
  if (at <= now) throw new UsageError(`--expires: ${new Date(at).toISOString()} is in the past`);
  if (!(at < Date.UTC(10_000, 0, 1))) throw new UsageError(`--expires: ${text} ends after the year 9999`, 'give a nearer time, or leave --expires out for a key that never expires');
  return new Date(at).toISOString();
}
