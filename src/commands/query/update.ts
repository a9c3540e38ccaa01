import type { Command } from 'commander';
import { getQuery, moveQuery, updateQuery } from '../../api/queries.js';
import type { Http } from '../../api/http.js';
import type { QueryRequest, QueryType, Schedule } from '../../api/types.js';
import { canonicalTimeZone } from '../../schedule/timezone.js';
import { breakageFacts, breakingClause, describeBreakage } from '../../impact/name-readers.js';
import { breakageIn, notReadLine } from '../breaking-reads.js';
import { confirmDestructive } from '../confirm.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { QUERY_FIELDS, queryId } from './columns.js';
import { checkMaterializedOnly, endedByUpdate, readUpdateTarget, renameOf, type UpdateTarget } from './update-target.js';
import { checkFolderExists } from '../folder/existing-path.js';
import { addQueryFlags, checkDisplayName, checkPath, minIntervalFor, readSqlSource, scheduleFromFlags, type QueryFlags } from './request-flags.js';
import { deriveQueryName } from '../../api/names.js';
import { checkNameArgument } from '../name-argument.js';
import { isIdShaped } from '../../api/resolve.js';

export interface QueryUpdateFlags extends QueryFlags {
  name?: string;
  yes?: boolean;
  plain?: boolean;
  withReads?: boolean;
}

export function registerQueryUpdate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('update')
    .argument('<query>', 'query id or SQL name')
    .option('--name <display-name>', 'new display name; its SQL name (svc.query.<name>) follows it, breaking SQL that reads the old one')
    .description('Change a saved query; fields not given keep their values');
  addQueryFlags(command, { materializedFlag: true })
    .option('--plain', 'convert a materialized query to a plain one: its result becomes the view svc.query.<name>, its schedule goes')
    .option('-y, --yes', 'do not ask before an update that breaks saved queries reading its old SQL name')
    .option(...WITH_READS)
    .addHelpText(
      'after',
      examples(
        'dgw query update revenuereport --sql "SELECT * FROM svc.table.orders WHERE status = \'paid\'"',
        'dgw query update revenuereport --materialized --every 1d   # convert to materialized',
        'dgw query update nightlycopy --from revenuereport          # take a fresh snapshot of the source SQL',
        'dgw query update nightlycopy --tz America/New_York        # the same cron, in another time zone',
        'dgw query update nightlycopy --no-schedule',
        'dgw query update nightlycopy --plain                      # back to a plain query (a view)',
        'dgw query update revenuereport --name "Revenue (EU)" --dry-run --with-reads   # which queries read the old name',
      ) +
        `
--name, --materialized and --plain can end a SQL name: a new name ends svc.query.<old> (or
svc.mtquery.<old>), a new type moves the result between the view svc.query.<name> and the table
svc.mtquery.<name>. dgw says so on stderr and names the other saved queries whose SQL reads the
name that ends; when there are some, it asks before sending the update (--yes does not ask;
without a terminal it refuses, exit 14: only the reads were sent). --dry-run reads nothing, so it
does not name them, unless --with-reads.
`,
    )
    .action(wiring.action(runQueryUpdate));
}

export async function runQueryUpdate(ctx: Context, ref: string, flags: QueryUpdateFlags): Promise<void> {
  checkNameArgument(ref, 'QUERY');
  checkPlain(flags);
  const source = await readSqlSource(ctx, flags);
  const body: QueryRequest = {};
  if (flags.name !== undefined) body.displayName = checkDisplayName(flags.name, '--name');
  if (source.sql !== undefined) body.inputQuery = source.sql;
  if (flags.materialized) body.queryType = 'MATERIALIZED';
  if (flags.plain) body.queryType = 'PLAIN';
  const newZone = flags.tz !== undefined && flags.cron === undefined && flags.every === undefined && flags.schedule !== false ? zoneOf(flags.tz) : undefined;
  const schedule = flags.plain ? undefined : scheduleFromFlags(newZone ? { ...flags, tz: undefined } : flags, await minIntervalFor(ctx));
  if (schedule) body.schedule = schedule;
  const path = checkPath(flags.path);
  const changesFields = Object.keys(body).length > 0 || source.from !== undefined || newZone !== undefined;
  if (!changesFields && path === undefined) {
    throw new UsageError('nothing to change: give --name, --sql, --file, --from, --materialized, --plain, --path or a schedule flag');
  }
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: flags.dryRun, dryRunReads: flags.withReads });
  // What must be read depends on the flags: the type for --from and schedules, every query to find readers of an ending name.
  const typeMatters = newZone !== undefined || (!flags.materialized && (source.from !== undefined || (schedule !== undefined && schedule.type !== 'none')));
  const renaming = flags.name !== undefined;
  const endsNames = renaming || body.queryType !== undefined;
  const target = await readUpdateTarget(http, projectId, ref, source.from, { query: typeMatters || endsNames, all: endsNames });
  if (schedule?.type === 'cron' && flags.tz === undefined) {
    const zone = http.readsNothing ? http.placeholder(`time zone of the schedule of ${ref}`) : target.query?.schedule?.type === 'cron' && target.query.schedule.timezone;
    if (zone) schedule.timezone = zone;
  }
  if (newZone) body.schedule = rezoned(http, ref, target.query?.schedule, newZone);
  if (target.query) checkMaterializedOnly(target.query, { from: source.from !== undefined, schedule, materialized: flags.materialized === true });
  if (target.fromId !== undefined) body.inputQueryRefId = target.fromId;
  const id = target.id;
  // Checked before anything changes, so a mistyped --path leaves the query as it was.
  if (path !== undefined) await checkFolderExists(http, projectId, path, flags.parents);
  const send = http.readsNothing ? unreadEffects(http, ref, flags) : await confirmEnding(ctx, http, target, flags, body.queryType);
  // Update Query changes fields; a query moves with its own operation (PATCH .../path).
  let query = changesFields ? await updateQuery(send, projectId, id, body, { checkSchemaExists: flags.checkSchema }) : undefined;
  if (path !== undefined) await moveQuery(http, projectId, id, path);
  if (flags.dryRun) return;
  // The move answers no body: read the query back to show where it is now.
  if (path !== undefined || !query) query = await getQuery(http, projectId, id);
  await ctx.out.record(query, QUERY_FIELDS, queryId);
  ctx.out.success(`updated ${query.name}`);
}

function zoneOf(tz: string): string {
  const zone = canonicalTimeZone(tz);
  if (zone === undefined) throw new UsageError(`--tz: "${tz}" is not an IANA time zone (for example Europe/Berlin or UTC)`);
  return zone;
}

/** The query's cron schedule in another time zone; an interval or no schedule has no zone to change. */
function rezoned(http: Http, ref: string, current: Schedule | null | undefined, timezone: string): Schedule {
  if (http.readsNothing) return { type: 'cron', cronExpression: http.placeholder(`cron expression of the schedule of ${ref}`), timezone };
  if (current?.type === 'cron') return { ...current, timezone };
  const has = !current || current.type === 'none' ? 'no schedule' : 'an --every schedule';
  throw new UsageError(`${ref} has ${has}; --tz sets the time zone of a --cron schedule: give --cron too`);
}

/** `--plain` makes a plain query, which takes neither a schedule nor `--from`: refused before anything is sent. */
function checkPlain(flags: QueryUpdateFlags): void {
  if (!flags.plain) return;
  if (flags.materialized) throw new UsageError('--plain and --materialized ask for opposite types; give one');
  const clashing = [flags.every !== undefined && '--every', flags.cron !== undefined && '--cron', flags.tz !== undefined && '--tz', flags.from !== undefined && '--from'].filter(Boolean);
  if (clashing.length > 0) throw new UsageError(`--plain makes a plain query, which has no schedule and no --from: leave out ${clashing.join(' and ')}`);
}

/** Says on stderr, before sending, which name ends and who reads it, and asks when readers exist. */
async function confirmEnding(ctx: Context, http: Http, target: UpdateTarget, flags: QueryUpdateFlags, newType: QueryType | undefined): Promise<Http> {
  if (!target.query || !target.queries) return http;
  const rename = flags.name === undefined ? undefined : renameOf(target.query, flags.name, target.queries, newType);
  const ending = endedByUpdate(target.query, rename, newType);
  if (!ending) return http;
  const breakage = breakageIn(target.queries, [ending.ended], [target.query.id]);
  const lines = [ending.line, ...describeBreakage(breakage)];
  // A dry run prints them once, under its request, as the other dry runs do.
  if (!http.dryRun) for (const line of lines) ctx.out[line !== ending.line && breakage.readers?.length === 0 ? 'note' : 'warn'](line);
  if (breakage.readers && breakage.readers.length > 0) await confirmDestructive(ctx, `update query ${target.query.name}${breakingClause(breakage)}`, flags);
  const facts = breakageFacts(breakage);
  const change = rename
    ? { rename: { from: rename.from, to: rename.to, readers: facts.readers!.map((r) => ({ id: r.id, name: r.name })) } }
    : { typeChange: { from: target.query.queryType ?? 'PLAIN', to: newType } };
  return http.describing({ lines, facts: { ...change, ...facts } });
}

/** A dry run reads nothing: the new SQL name is known, the old one only when QUERY is a name, the type not at all. */
function unreadEffects(http: Http, ref: string, flags: QueryUpdateFlags): Http {
  const from = isIdShaped(ref) ? undefined : ref;
  let lines: string[];
  let facts: Record<string, unknown>;
  if (flags.name !== undefined && deriveQueryName(flags.name) !== from) {
    const to = deriveQueryName(flags.name);
    lines = [`the SQL name ${from ? `changes from ${from} to ${to}` : `becomes ${to}`}`, notReadLine('the old name')];
    facts = { rename: { from: from ?? null, to, readers: null } };
  } else if (flags.materialized || flags.plain) {
    const [before, after] = flags.materialized ? ['query', 'mtquery'] : ['mtquery', 'query'];
    lines = [`if ${ref} is a ${flags.materialized ? 'plain' : 'materialized'} query, svc.${before}.${from ?? '<name>'} stops existing and its result is svc.${after}.${from ?? '<name>'}`, notReadLine('it')];
    facts = { typeChange: { from: null, to: flags.materialized ? 'MATERIALIZED' : 'PLAIN' } };
  } else {
    return http;
  }
  return http.describing({ lines, facts: { ...facts, readers: null } });
}
