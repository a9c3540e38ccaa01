import type { Command } from 'commander';
import { getRefreshStatus } from '../../api/materialized.js';
import { createQuery, listQueries } from '../../api/queries.js';
import { resolveQueryIds } from '../../api/resolve.js';
import { deriveQueryName, sqlName } from '../../api/names.js';
import type { Context } from '../../context.js';
import { takenHint, UsageError } from '../../errors.js';
import { checkFolderExists } from '../folder/existing-path.js';
import { examples, type Wiring } from '../wiring.js';
import { whileWorking } from '../while-working.js';
import { QUERY_FIELDS, queryId } from './columns.js';
import { addQueryFlags, createRequest, minIntervalFor, readSqlSource, type QueryFlags } from './request-flags.js';

export function registerQueryCreate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('create')
    .argument('<display-name>', 'display name; its SQL name is derived from it (Revenue Report → revenuereport)')
    .description('Save a SQL query, plain or materialized');
  addQueryFlags(command, { materializedFlag: true })
    .addHelpText(
      'after',
      examples(
        'dgw query create "Revenue Report" --sql "SELECT * FROM svc.table.orders"',
        'dgw query create "Revenue by customer" --materialized --file revenue.sql --path /reports --parents --every 6h',
        'dgw query create "Nightly copy" --materialized --from revenuereport --cron "0 2 * * *" --tz Europe/Berlin',
        'cat q.sql | dgw query create "From stdin" --file - --json id,name',
      ),
    )
    .action(wiring.action(runQueryCreate));
}

export async function runQueryCreate(ctx: Context, displayName: string, flags: QueryFlags): Promise<void> {
  // Everything that can be checked locally is checked before the first request.
  const source = await readSqlSource(ctx, flags);
  if (source.sql === undefined && source.from === undefined) {
    throw new UsageError('no SQL: give --sql, --file (or --file - for stdin), or --from QUERY');
  }
  const body = createRequest(displayName, flags, source, await minIntervalFor(ctx));
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: flags.dryRun });
  if (source.from !== undefined) [body.inputQueryRefId] = await resolveQueryIds(http, projectId, [source.from]);
  if (typeof body.path === 'string') await checkFolderExists(http, projectId, body.path, flags.parents);
  const materializing = body.queryType === 'MATERIALIZED' && !flags.dryRun;
  const name = deriveQueryName(displayName);
  const whenTaken = async () => ((await listQueries(http, projectId)).some((q) => q.name === name) ? `\`dgw query update ${name}\` changes that query (--sql, --file); a display name of its own makes another` : undefined);
  const send = () =>
    createQuery(http, projectId, body, { checkSchemaExists: flags.checkSchema }).catch(async (error: unknown) => {
      throw await takenHint(error, whenTaken);
    });
  const query = materializing ? await whileWorking(ctx, `materializing ${displayName}`, send) : await send();
  if (flags.dryRun) return;
  await ctx.out.record(query, QUERY_FIELDS, queryId);
  const materialized = query.queryType === 'MATERIALIZED';
  ctx.out.success(`created ${materialized ? 'materialized query' : 'query'} ${sqlName(materialized ? 'svc.mtquery' : 'svc.query', query.name)}`);
  // Without the schema check a create is kept even when its first build fails: say so, or the result's absence puzzles.
  if (materialized && flags.checkSchema === false) {
    const status = await getRefreshStatus(http, projectId, query.id);
    if (status.status === 'FAILED') ctx.out.warn(`its first build failed, so ${sqlName('svc.mtquery', query.name)} is not there yet: ${status.message ?? 'the service gave no reason'}; fix the SQL with \`dgw query update ${query.name} --sql SQL\``);
  }
}
