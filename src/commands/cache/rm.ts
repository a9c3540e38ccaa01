import { Argument, type Command } from 'commander';
import { deleteCache, getCache } from '../../api/caches.js';
import type { Context } from '../../context.js';
import type { EndedName } from '../../impact/name-readers.js';
import { isIdentifier, tokenize } from '../../impact/sql-tokens.js';
import { breakageIn, confirmBreakage, savedQueries, withReadsHint } from '../breaking-reads.js';
import { ensureConfirmable, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { findCache } from './resolve.js';

export function registerCacheRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .addArgument(new Argument('<cache>', 'cache id, or the name of its table (table, schema.table or catalog.schema.table)'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it (nothing is read either)')
    .option(...WITH_READS)
    .description('Delete a cache and its copy (a running refresh is stopped); the source table stays')
    .addHelpText(
      'after',
      `${examples('dgw cache rm customers --dry-run --with-reads   # which saved queries read the copy', 'dgw cache rm customers --yes')}
Before asking, dgw names the saved queries whose SQL reads the copy (svc.cache.<table> on the
local gateway): they fail once it is gone. --yes skips the question.
`,
    )
    .action(wiring.action(runCacheRm));
}

export async function runCacheRm(ctx: Context, ref: string, opts: ConfirmOptions): Promise<void> {
  const what = `delete the cache of ${ref} and its copy`;
  ensureConfirmable(ctx, what, { ...opts, refusalHint: withReadsHint('dgw cache rm', [ref]) });
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads }), ctx.projectId()]);
  const { id } = await findCache(http, projectId, ref);
  const inspect = async () => {
    const { copy } = await getCache(http, projectId, id);
    // The hosted service does not say where its copy is read; then no SQL name ends that dgw can see.
    const table = copy?.startsWith('svc.cache.') ? tokenize(copy).at(-1) : undefined;
    const ended: EndedName[] = isIdentifier(table) ? [{ shown: copy!, name: table.name, schemas: ['cache'] }] : [];
    return { breakage: breakageIn(await savedQueries(http, projectId), ended), facts: { cacheId: id } };
  };
  const target = await confirmBreakage(ctx, http, what, opts, inspect, { names: `the copy of ${ref}`, facts: { cacheId: id } });
  await deleteCache(target, projectId, id);
  reportChange(ctx, opts, { cacheId: id, deleted: true }, id, `deleted the cache of ${ref}`);
}
