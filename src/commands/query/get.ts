import type { Command } from 'commander';
import { getQuery, listQueries } from '../../api/queries.js';
import { isIdShaped, matchQuery } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { QUERY_FIELDS, queryId } from './columns.js';
import { checkNameArgument } from '../name-argument.js';

export function registerQueryGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .alias('show')
    .argument('<query>', 'query id or SQL name')
    .description('Show one saved query, SQL included')
    .addHelpText('after', examples('dgw query get revenuereport', 'dgw query get revenuebycustomer --json inputQuery'))
    .action(wiring.action(runQueryGet));
}

export async function runQueryGet(ctx: Context, ref: string, _opts: object): Promise<void> {
  checkNameArgument(ref, 'QUERY');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  // One request either way: by id directly, or by name through the list.
  const query = isIdShaped(ref) ? await getQuery(http, projectId, ref) : matchQuery(await listQueries(http, projectId), ref);
  await ctx.out.record(query, QUERY_FIELDS, queryId);
}
