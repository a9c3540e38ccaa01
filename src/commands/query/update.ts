import type { Command } from 'commander';
import { updateQuery } from '../../api/queries.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { QueryRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { QUERY_FIELDS, queryId } from './columns.js';
import { addQueryFlags, checkDisplayName, checkPath, readSqlSource, scheduleFromFlags, type QueryFlags } from './request-flags.js';

export interface QueryUpdateFlags extends QueryFlags {
  name?: string;
}

export function registerQueryUpdate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('update')
    .argument('<query>', 'query id or SQL name')
    .option('--name <display-name>', 'new display name')
    .description('Change a saved query; fields not given keep their values');
  addQueryFlags(command, { materializedFlag: true })
    .addHelpText(
      'after',
      examples(
        'dgw query update revenuereport --sql "SELECT 1"',
        'dgw query update revenuereport --materialized --every 1d   # convert to materialized',
        'dgw query update nightlycopy --from revenuereport          # take a fresh snapshot of the source SQL',
        'dgw query update nightlycopy --no-schedule',
      ),
    )
    .action(wiring.action(runQueryUpdate));
}

export async function runQueryUpdate(ctx: Context, ref: string, flags: QueryUpdateFlags): Promise<void> {
  const source = await readSqlSource(ctx, flags);
  const body: QueryRequest = {};
  if (flags.name !== undefined) body.displayName = checkDisplayName(flags.name, '--name');
  if (source.sql !== undefined) body.inputQuery = source.sql;
  if (flags.materialized) body.queryType = 'MATERIALIZED';
  const schedule = scheduleFromFlags(flags);
  if (schedule) body.schedule = schedule;
  const path = checkPath(flags.path);
  if (path !== undefined) body.path = path;
  if (Object.keys(body).length === 0 && source.from === undefined) {
    throw new UsageError('nothing to change: give --name, --sql, --file, --from, --materialized, --path or a schedule flag');
  }
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: flags.dryRun });
  const refs = source.from === undefined ? [ref] : [ref, source.from];
  const [id, fromId] = await resolveQueryIds(http, projectId, refs);
  if (fromId !== undefined) body.inputQueryRefId = fromId;
  const query = await updateQuery(http, projectId, id, body, { checkSchemaExists: flags.checkSchema });
  if (flags.dryRun) return;
  await ctx.out.record(query, QUERY_FIELDS, queryId);
  ctx.out.success(`updated ${query.name}`);
}
