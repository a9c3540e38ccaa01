import { Argument, type Command } from 'commander';
import { getCache } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { CACHE_FIELDS, cacheId } from './columns.js';
import { resolveCacheId } from './resolve.js';

export function registerCacheGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .addArgument(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'))
    .description("Show a cache's settings: its source, schedules, incremental column, and where SQL reads its copy")
    .addHelpText('after', examples('dgw cache get orders', 'dgw cache get orders --json copy'))
    .action(wiring.action(runCacheGet));
}

export async function runCacheGet(ctx: Context, ref: string): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.record(await getCache(http, projectId, await resolveCacheId(http, projectId, ref)), CACHE_FIELDS, cacheId);
}
