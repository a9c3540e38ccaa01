import { Argument, type Command } from 'commander';
import { getCacheStatus, listCacheStatuses } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, cacheId } from './columns.js';
import { resolveCacheId } from './resolve.js';

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
    await ctx.out.list(await listCacheStatuses(http, projectId), STATUS_COLUMNS, cacheId);
    return;
  }
  await ctx.out.record(await getCacheStatus(http, projectId, await resolveCacheId(http, projectId, ref)), STATUS_COLUMNS, cacheId);
}
