import type { Command } from 'commander';
import { getQuery, moveQuery, updateQuery } from '../../api/queries.js';
import type { QueryRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { QUERY_FIELDS, queryId } from './columns.js';
import { checkMaterializedOnly, describeRename, readUpdateTarget, renameOf } from './update-target.js';
import { checkFolderExists } from '../folder/existing-path.js';
import { addQueryFlags, checkDisplayName, checkPath, minIntervalFor, readSqlSource, scheduleFromFlags, type QueryFlags } from './request-flags.js';
import { deriveQueryName } from '../../api/names.js';
import { checkSegment } from '../../api/path.js';
import { isIdShaped } from '../../api/resolve.js';

export interface QueryUpdateFlags extends QueryFlags {
  name?: string;
  /** Convert a materialized query back to a plain one. */
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
    .option(...WITH_READS)
    .addHelpText(
      'after',
      examples(
        'dgw query update revenuereport --sql "SELECT * FROM svc.table.orders WHERE status = \'paid\'"',
        'dgw query update revenuereport --materialized --every 1d   # convert to materialized',
        'dgw query update nightlycopy --from revenuereport          # take a fresh snapshot of the source SQL',
        'dgw query update nightlycopy --no-schedule',
        'dgw query update nightlycopy --plain                      # back to a plain query (a view)',
        'dgw query update revenuereport --name "Revenue (EU)" --dry-run --with-reads   # which queries read the old name',
      ),
    )
    .action(wiring.action(runQueryUpdate));
}

export async function runQueryUpdate(ctx: Context, ref: string, flags: QueryUpdateFlags): Promise<void> {
  checkSegment(ref, 'QUERY');
  checkPlain(flags);
  const source = await readSqlSource(ctx, flags);
  const body: QueryRequest = {};
  if (flags.name !== undefined) body.displayName = checkDisplayName(flags.name, '--name');
  if (source.sql !== undefined) body.inputQuery = source.sql;
  if (flags.materialized) body.queryType = 'MATERIALIZED';
  if (flags.plain) body.queryType = 'PLAIN';
  const schedule = flags.plain ? undefined : scheduleFromFlags(flags, await minIntervalFor(ctx));
  if (schedule) body.schedule = schedule;
  const path = checkPath(flags.path);
  const changesFields = Object.keys(body).length > 0 || source.from !== undefined;
  if (!changesFields && path === undefined) {
    throw new UsageError('nothing to change: give --name, --sql, --file, --from, --materialized, --plain, --path or a schedule flag');
  }
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: flags.dryRun, dryRunReads: flags.withReads });
  // The query's type matters for --from and schedules (a plain query takes neither), its SQL name for --name.
  const typeMatters = !flags.materialized && (source.from !== undefined || (schedule !== undefined && schedule.type !== 'none'));
  const renaming = flags.name !== undefined;
  const target = await readUpdateTarget(http, projectId, ref, source.from, { query: typeMatters || renaming, all: renaming });
  if (target.query) checkMaterializedOnly(target.query, { from: source.from !== undefined, schedule, materialized: flags.materialized === true });
  if (target.fromId !== undefined) body.inputQueryRefId = target.fromId;
  const id = target.id;
  // Checked before anything changes, so a mistyped --path leaves the query as it was.
  if (path !== undefined) await checkFolderExists(http, projectId, path, flags.parents);
  let send = http;
  const rename = renaming && target.query && target.queries ? renameOf(target.query, flags.name!, target.queries, flags.materialized === true) : undefined;
  if (renaming && http.readsNothing) {
    // A dry run reads nothing: the new SQL name is known, the old one only when QUERY is a name.
    const to = deriveQueryName(flags.name!);
    const from = isIdShaped(ref) ? undefined : ref;
    if (from !== to) {
      const lines = [`the SQL name ${from ? `changes from ${from} to ${to}` : `becomes ${to}`}`, '(a dry run reads nothing, so the saved queries that read the old name are not listed: add --with-reads to list them)'];
      for (const line of lines) ctx.out.warn(line);
      send = http.describing({ lines, facts: { rename: { from: from ?? null, to, readers: null } } });
    }
  } else if (rename) {
    // Said before the update is sent, so a dry run says it too; stderr, so a pipe's data stays clean.
    const lines = describeRename(rename);
    for (const line of lines) ctx.out.warn(line);
    send = http.describing({ lines, facts: { rename: { from: rename.from, to: rename.to, readers: rename.readers.map((q) => ({ id: q.id, name: q.name })) } } });
  }
  // Update Query changes fields; a query moves with its own operation (PATCH .../path).
  let query = changesFields ? await updateQuery(send, projectId, id, body, { checkSchemaExists: flags.checkSchema }) : undefined;
  if (path !== undefined) await moveQuery(http, projectId, id, path);
  if (flags.dryRun) return;
  // The move answers no body: read the query back to show where it is now.
  if (path !== undefined || !query) query = await getQuery(http, projectId, id);
  await ctx.out.record(query, QUERY_FIELDS, queryId);
  ctx.out.success(`updated ${query.name}`);
}

/** `--plain` makes a plain query, which takes neither a schedule nor `--from`: refused before anything is sent. */
function checkPlain(flags: QueryUpdateFlags): void {
  if (!flags.plain) return;
  if (flags.materialized) throw new UsageError('--plain and --materialized ask for opposite types; give one');
  const clashing = [flags.every !== undefined && '--every', flags.cron !== undefined && '--cron', flags.tz !== undefined && '--tz', flags.from !== undefined && '--from'].filter(Boolean);
  if (clashing.length > 0) throw new UsageError(`--plain makes a plain query, which has no schedule and no --from: leave out ${clashing.join(' and ')}`);
}
