import type { Command } from 'commander';
import { listCacheStatuses } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, cacheId } from './columns.js';

export interface CacheListOptions {
  catalog?: string;
  schema?: string;
}

export function registerCacheList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .option('--catalog <id>', "only the caches of this catalog's tables")
    .option('--schema <name>', 'only those of this schema (with --catalog)')
    .description("List the project's caches with their status and last runs")
    .addHelpText('after', examples('dgw cache list', 'dgw cache list --catalog 1 --schema table --json id,source,status'))
    .action(wiring.action(runCacheList));
}

export async function runCacheList(ctx: Context, opts: CacheListOptions): Promise<void> {
  if (opts.schema !== undefined && opts.catalog === undefined) throw new UsageError('--schema needs --catalog');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.list(await listCacheStatuses(http, projectId, opts.catalog, opts.schema), STATUS_COLUMNS, cacheId);
}
