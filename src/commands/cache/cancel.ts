import { Argument, type Command } from 'commander';
import { cancelCacheRun, getCacheStatus, type CacheMode } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { findCache } from './resolve.js';
import { lastRunOf } from './wait.js';

export function registerCacheCancel(parent: Command, wiring: Wiring): void {
  parent
    .command('cancel')
    .addArgument(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'))
    .description('Cancel the running refresh of a cache, if any; the previous copy stays')
    .addHelpText('after', examples('dgw cache cancel orders', 'dgw cache cancel orders --json'))
    .action(wiring.action(runCacheCancel));
}

export async function runCacheCancel(ctx: Context, ref: string): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const { id } = await findCache(http, projectId, ref);
  // The document cancels a full refresh and an incremental update apart: the status says which runs.
  const status = await getCacheStatus(http, projectId, id);
  const mode = (['FULL_REFRESH', 'INCREMENTAL'] as CacheMode[]).find((m) => lastRunOf(status, m)?.status === 'RUNNING');
  if (!mode) {
    ctx.out.result({ cacheId: id, cancel: 'nothing running' }, id);
    ctx.out.success(`no refresh of cache ${ref} is running`);
    return;
  }
  await cancelCacheRun(http, projectId, id, mode);
  ctx.out.result({ cacheId: id, cancel: 'requested' }, id);
  ctx.out.success(`cancel of the ${mode === 'INCREMENTAL' ? 'incremental update' : 'full refresh'} of cache ${ref} requested; see \`dgw cache status ${ref}\``);
}
