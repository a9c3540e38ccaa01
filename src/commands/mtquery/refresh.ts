import { Argument, type Command } from 'commander';
import type { RefreshAccepted } from '../../contract/results.js';
import { cancelRefresh, getRefreshStatus, refreshMaterializedQuery } from '../../api/materialized.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, statusId } from './columns.js';
import { refreshFailure, waitForRefresh, type WaitPlan } from './wait.js';
import { WaitTimeoutError } from '../../errors.js';
import { formatElapsed, liveLineAllowed, startLiveLine } from '../../output/progress.js';
import { checkNameArgument } from '../name-argument.js';
import { stoppedWaiting, waitLimitMs } from '../poll.js';
import { completes } from '../../completion/kinds.js';

export interface RefreshOptions {
  wait?: boolean;
  dryRun?: boolean;
}

const DEFAULT_WAIT_MS = 10 * 60_000;

export function registerMtqueryRefresh(parent: Command, wiring: Wiring): void {
  parent
    .command('refresh')
    .addArgument(completes(new Argument('<query>', 'materialized query id or SQL name'), 'mtquery'))
    .option('--wait', 'wait until the refresh ends, showing its status and the time so far on a terminal; exit 10 if it fails (bounded by --timeout, default 10m)')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Start a refresh of a materialized query now (on the in-process local gateway: run it and report how it ended)')
    .addHelpText(
      'after',
      `${examples('dgw mtquery refresh dailyrevenue', 'dgw mtquery refresh dailyrevenue --wait --timeout 30m', 'dgw mtquery refresh dailyrevenue --wait --json status')}
On the in-process local gateway (--zone local, no \`dgw serve\`), the refresh ends before dgw
does: it always reports the final status, and exits 10 when the refresh failed, as --wait does.
There it has no time limit unless --timeout gives one; a refresh still running then is cancelled
(the previous result is kept) and dgw exits 9.
`,
    )
    .action(wiring.action(runMtqueryRefresh, { variant: (_ref, opts) => (opts.wait ? 'status' : ['accepted', 'status']) }));
}

export async function runMtqueryRefresh(ctx: Context, ref: string, opts: RefreshOptions): Promise<void> {
  checkNameArgument(ref, 'QUERY');
  const [settings, projectId] = await Promise.all([ctx.settings(), ctx.projectId()]);
  const http = await ctx.http({ dryRun: opts.dryRun });
  const [id] = await resolveQueryIds(http, projectId, [ref]);
  const before = http.inProcess && !opts.dryRun ? (await getRefreshStatus(http, projectId, id)).status : undefined;
  const requestedAt = ctx.clock.now();
  await refreshMaterializedQuery(http, projectId, id);
  if (opts.dryRun) return;
  // An in-process gateway finishes the refresh before dgw exits: "started" would hide its outcome.
  if (!opts.wait && !http.inProcess) {
    ctx.out.result({ queryId: id, refresh: 'accepted' } satisfies RefreshAccepted, id);
    ctx.out.success(`refresh of ${ref} started; follow it with \`dgw mtquery status ${ref}\``);
    return;
  }
  const doing = http.inProcess ? `refreshing ${ref}` : `waiting for the refresh of ${ref}`;
  // On a terminal: one line, redrawn each second, with the status as it changes and the time so far.
  let current = 'requested';
  const showLive = liveLineAllowed(ctx.io.stderr, ctx.env, ctx.out.mode);
  const live = startLiveLine(ctx.io.stderr, () => `${doing}: ${current}, ${formatElapsed(ctx.clock.now() - requestedAt)}`, showLive);
  if (!showLive) ctx.out.note(`${doing}…`);
  // Without --timeout there is no bound in-process: dgw cannot exit before the refresh ends anyway.
  const plan: WaitPlan = {
    deadlineMs: waitLimitMs(settings, http.inProcess ? Number.POSITIVE_INFINITY : DEFAULT_WAIT_MS),
    firstPollMs: http.inProcess ? 20 : 250,
    maxPollMs: http.inProcess ? 250 : 5000,
    heldPolls: false,
    onStatus: (s) => {
      if (s.status === current) return;
      current = s.status;
      live.redraw();
    },
  };
  let status;
  try {
    status = await waitForRefresh(ctx, http, projectId, id, ref, requestedAt, plan);
  } catch (error) {
    // A served or hosted refresh does not stop with dgw (in-process, Ctrl-C cancels it).
    if (!http.inProcess) stoppedWaiting(error, `the refresh goes on in the service: follow it with \`dgw mtquery status ${ref}\`, or stop it with \`dgw mtquery cancel ${ref}\``);
    if (error instanceof WaitTimeoutError) {
      // In-process the refresh cannot outlive dgw, and waiting on for it would make --timeout a lie.
      await cancelRefresh(http, projectId, id);
      throw new WaitTimeoutError(`gave up on the refresh of ${ref} after ${Math.round(plan.deadlineMs / 1000)} s (--timeout): it was cancelled, as it cannot go on without dgw here; ${before === 'NOT_INITIALIZED' ? 'there is still no result' : before === 'COMPLETED' ? 'the previous result is kept' : 'any earlier result is kept'}`);
    }
    throw error;
  } finally {
    live.stop();
  }
  // The final status is the answer whichever way the refresh ended; a failure is exit 10 after it.
  await ctx.out.record(status, STATUS_COLUMNS, statusId);
  const failure = refreshFailure(status, http.localGateway);
  if (failure) throw failure;
  ctx.out.success(`refresh of ${status.queryName || ref} completed`);
}
