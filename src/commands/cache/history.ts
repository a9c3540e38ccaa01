import { Argument, type Command } from 'commander';
import { cacheHistory } from '../../api/caches.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { RUN_COLUMNS, cacheId } from './columns.js';
import { findCache } from './resolve.js';

export interface CacheHistoryOptions {
  limit: string;
}

export function registerCacheHistory(parent: Command, wiring: Wiring): void {
  parent
    .command('history')
    .addArgument(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'))
    .option('--limit <n>', 'at most this many runs, newest first', '20')
    .description("A cache's runs, newest first: mode, status, times and row counts")
    .addHelpText('after', examples('dgw cache history orders', 'dgw cache history orders --limit 5 --json mode,status,insertedRows,cachedRows'))
    .action(wiring.action(runCacheHistory));
}

export async function runCacheHistory(ctx: Context, ref: string, opts: CacheHistoryOptions): Promise<void> {
  if (!/^[1-9]\d{0,5}$/.test(opts.limit)) throw new UsageError(`--limit: "${opts.limit}" is not a whole number from 1 to 999999`);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const { id } = await findCache(http, projectId, ref);
  await ctx.out.list(await cacheHistory(http, projectId, id, Number(opts.limit)), RUN_COLUMNS, cacheId);
}
