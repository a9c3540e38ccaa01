import { Argument, type Command } from 'commander';
import { deleteCache } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { resolveCacheId } from './resolve.js';

export interface CacheRmOptions {
  yes?: boolean;
  dryRun?: boolean;
}

export function registerCacheRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .addArgument(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a cache and its copy (a running refresh is stopped); the source table stays')
    .addHelpText('after', examples('dgw cache rm customers --yes'))
    .action(wiring.action(runCacheRm));
}

export async function runCacheRm(ctx: Context, ref: string, opts: CacheRmOptions): Promise<void> {
  const projectId = await ctx.projectId();
  await confirmDestructive(ctx, `delete the cache of ${ref} and its copy (SQL reading it will fail)`, opts);
  const http = await ctx.http({ dryRun: opts.dryRun });
  const id = await resolveCacheId(http, projectId, ref);
  await deleteCache(http, projectId, id);
  if (opts.dryRun) return;
  ctx.out.result({ cacheId: id, deleted: true }, id);
  ctx.out.success(`deleted the cache of ${ref}`);
}
