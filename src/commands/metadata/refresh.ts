import { Option, type Command } from 'commander';
import { getMetadataStatus, refreshMetadata, type MetadataStatusRecord } from '../../api/metadata.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import type { MetadataRefreshAccepted } from '../../contract/results.js';
import { RefreshFailedError, UsageError, WaitTimeoutError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { catalogIdOf } from '../catalog-path.js';
import { pollUntil, waitLimitMs } from '../poll.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, statusKey } from './columns.js';
import { callbackToken, checkCallbackUrl } from './callback-input.js';

/** Options of `metadata refresh`. */
export interface MetadataRefreshOptions {
  catalog?: string;
  wait?: boolean;
  callbackUrl?: string;
  withToken?: boolean;
  dryRun?: boolean;
}

/** Statuses of a refresh that has not ended yet (the document names these). */
const RUNNING = new Set(['ACTIVE', 'WAITING', 'DELAYED', 'PAUSED']);
const NOT_STARTED_POLLS = 5;

export function registerMetadataRefresh(parent: Command, wiring: Wiring): void {
  parent
    .command('refresh')
    .addOption(completes(new Option('--catalog <catalog>', 'only this catalog (id or name; default: every catalog)'), 'catalog'))
    .option('--wait', 'wait until each refresh ends; exit 10 if one fails (bounded by --timeout, default 10m)')
    .option('--callback-url <url>', 'tell this URL when the refresh ends (instead of the registered callback)')
    .option('--with-token', 'read a token for the callback from stdin; it is sent as a bearer key')
    .option('--dry-run', 'print the request instead of sending it')
    .description("Read the catalogs' tables and columns again into the project's metadata, as a job")
    .addHelpText(
      'after',
      `${examples('dgw metadata refresh --wait', 'dgw metadata refresh --catalog 1 --wait --json catalogId,status', 'dgw metadata refresh --callback-url https://ci.example.com/hooks/metadata --with-token < hook-token.txt --dry-run')}
NOT_ACTIVE (no job running) may come before the job starts: --wait ends on it once the job was
seen running, or after ${NOT_STARTED_POLLS} polls in a row that all say it.
On the in-process local gateway the refresh ends before dgw does, so it always reports how it
ended, and exits 10 when it failed, as --wait does.
`,
    )
    .action(wiring.action(runMetadataRefresh, { variant: (opts) => (opts.wait ? 'list' : ['accepted', 'list']) }));
}

export async function runMetadataRefresh(ctx: Context, opts: MetadataRefreshOptions): Promise<void> {
  if (opts.catalog !== undefined) checkNameArgument(opts.catalog, '--catalog');
  if (opts.withToken && opts.callbackUrl === undefined) throw new UsageError('--with-token needs --callback-url: the URL the token is sent to');
  const callbackURL = opts.callbackUrl === undefined ? undefined : checkCallbackUrl(opts.callbackUrl, '--callback-url');
  const token = opts.withToken ? await callbackToken(ctx) : undefined;
  const [settings, projectId] = await Promise.all([ctx.settings(), ctx.projectId()]);
  const http = await ctx.http({ dryRun: opts.dryRun });
  const catalogId = opts.catalog === undefined ? undefined : await catalogIdOf(ctx, http, projectId, opts.catalog);
  const started = await refreshMetadata(http, projectId, { catalogId, callbackURL, callbackToken: token });
  if (opts.dryRun) return;
  const ids = catalogId !== undefined ? [catalogId] : started;
  if (!opts.wait && !http.inProcess) {
    ctx.out.result({ catalogIds: ids, refresh: 'accepted' } satisfies MetadataRefreshAccepted, ids.join(' '));
    ctx.out.success('metadata refresh started; follow it with `dgw metadata status`');
    return;
  }
  if (ids.length === 0) throw new UsageError('the service did not say which catalogs it refreshes: name one with --catalog to wait for it');
  ctx.out.note('waiting for the metadata refresh…');
  const named = (id: string) => (id === catalogId ? opts.catalog! : id);
  const deadline = ctx.clock.now() + waitLimitMs(settings, http.inProcess ? Number.POSITIVE_INFINITY : 10 * 60_000);
  const ended: MetadataStatusRecord[] = [];
  const neverRan = new Set<string>();
  for (const id of ids) {
    // One deadline for every catalog: each waits for what is left of it.
    const plan = { deadlineMs: deadline - ctx.clock.now(), firstPollMs: http.inProcess ? 10 : 250, maxPollMs: http.inProcess ? 25 : 5000, heldPolls: false };
    const gaveUp = () => new WaitTimeoutError(`gave up waiting for the metadata refresh of catalog ${named(id)}; it may still be running`, 'follow it with `dgw metadata status`');
    let seenRunning = false;
    let notActive = 0;
    const end = (status: MetadataStatusRecord) => {
      if (RUNNING.has(status.status)) seenRunning = true;
      else if (status.status !== 'NOT_ACTIVE' || seenRunning || ++notActive >= NOT_STARTED_POLLS) return status;
      return undefined;
    };
    ended.push(await pollUntil(ctx, http, plan, () => getMetadataStatus(http, projectId, id), end, gaveUp));
    if (!seenRunning && ended.at(-1)!.status === 'NOT_ACTIVE') neverRan.add(id);
  }
  await ctx.out.list(ended, STATUS_COLUMNS, statusKey);
  const failed = ended.filter((s) => s.status !== 'COMPLETED');
  const outcome = (s: MetadataStatusRecord) =>
    neverRan.has(s.catalogId) ? `never started: the service said not_active ${NOT_STARTED_POLLS} times in a row and never showed the job running` : s.status.toLowerCase();
  if (failed.length > 0) throw new RefreshFailedError(`metadata refresh of catalog ${failed.map((s) => `${named(s.catalogId)} ${outcome(s)}${s.message ? `: ${s.message}` : ''}`).join('; ')}`);
  ctx.out.success(`metadata of ${ended.length === 1 ? `catalog ${named(ended[0].catalogId)}` : `${ended.length} catalogs`} refreshed`);
}
