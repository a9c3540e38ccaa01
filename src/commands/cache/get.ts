import { Argument, type Command } from 'commander';
import { getCache } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { cacheFields, cacheId, sourceNames } from './columns.js';
import { findCache } from './resolve.js';

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
  const { id } = await findCache(http, projectId, ref);
  const [cache, source] = await Promise.all([getCache(http, projectId, id), sourceNames(ctx, http, projectId)]);
  await ctx.out.record(cache, cacheFields(source), cacheId);
}
