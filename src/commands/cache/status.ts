import { Argument, type Command } from 'commander';
import { getCacheStatus, listCacheStatuses } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { cacheId, sourceNames, statusColumns } from './columns.js';
import { findCache } from './resolve.js';

export function registerCacheStatus(parent: Command, wiring: Wiring): void {
  parent
    .command('status')
    .addArgument(new Argument('[cache]', 'cache id, or the name of its table; every cache when omitted'))
    .description('Show the status of caches: the latest full refresh and incremental update, and the rows in the copy')
    .addHelpText('after', examples('dgw cache status', 'dgw cache status orders --json status,lastFullRefresh'))
    .action(wiring.action(runCacheStatus, { variant: (ref) => (ref === undefined ? 'list' : 'record') }));
}

export async function runCacheStatus(ctx: Context, ref: string | undefined): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  if (ref === undefined) {
    const [caches, source] = await Promise.all([listCacheStatuses(http, projectId), sourceNames(ctx, http, projectId)]);
    await ctx.out.list(caches, statusColumns(source), cacheId);
    return;
  }
  const { id } = await findCache(http, projectId, ref);
  const [status, source] = await Promise.all([getCacheStatus(http, projectId, id), sourceNames(ctx, http, projectId)]);
  await ctx.out.record(status, statusColumns(source), cacheId);
}
