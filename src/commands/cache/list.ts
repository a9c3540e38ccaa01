import type { Command } from 'commander';
import { listCacheStatuses } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { catalogIdOf } from '../catalog-path.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { cacheId, sourceNames, statusColumns } from './columns.js';

export interface CacheListOptions {
  catalog?: string;
  schema?: string;
}

export function registerCacheList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .option('--catalog <catalog>', "only the caches of this catalog's tables (by id or name)")
    .option('--schema <name>', 'only those of this schema (with --catalog)')
    .description("List the project's caches with their status and last runs")
    .addHelpText('after', examples('dgw cache list', 'dgw cache list --catalog sales --schema public --json id,source,status'))
    .action(wiring.action(runCacheList));
}

export async function runCacheList(ctx: Context, opts: CacheListOptions): Promise<void> {
  if (opts.schema !== undefined && opts.catalog === undefined) throw new UsageError('--schema needs --catalog');
  if (opts.catalog !== undefined) checkNameArgument(opts.catalog, '--catalog');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  // A name the service would take for an id answers an empty list: it is looked up first.
  const catalogId = opts.catalog === undefined ? undefined : await catalogIdOf(ctx, http, projectId, opts.catalog, opts.schema);
  const [caches, source] = await Promise.all([listCacheStatuses(http, projectId, catalogId, opts.schema), sourceNames(ctx, http, projectId)]);
  await ctx.out.list(caches, statusColumns(source), cacheId);
}
