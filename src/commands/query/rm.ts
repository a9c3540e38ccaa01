import type { Command } from 'commander';
import type { QueryDeleted } from '../../contract/results.js';
import { deleteQuery } from '../../api/queries.js';
import { isIdShaped, matchQuery, queryById, resolveQueryIds, typedRefs } from '../../api/resolve.js';
import type { Query } from '../../api/types.js';
import type { Context } from '../../context.js';
import { endedQueryName } from '../../impact/name-readers.js';
import { breakageIn, confirmBreakage, savedQueries, withReadsHint } from '../breaking-reads.js';
import { ensureConfirmable, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { checkNameArgument } from '../name-argument.js';
import { listQueries } from '../../api/queries.js';

export function registerQueryRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<query...>', 'query ids or SQL names')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the requests instead of sending them (nothing is read either)')
    .option(...WITH_READS)
    .description('Delete saved queries, permanently (a materialized result goes with its query)')
    .addHelpText(
      'after',
      `${examples('dgw query rm nightlycopy --dry-run --with-reads   # which saved queries read it', 'dgw query rm nightlycopy', 'dgw query rm nightlycopy fromstdin --yes', 'dgw query list -q --type plain | xargs -r dgw query rm --yes   # -r: nothing to delete, no dgw run')}
Before asking, dgw checks that the named queries exist (exit 4 if not) and names the saved queries
whose SQL reads svc.query.<name> or svc.mtquery.<name> of one of them: they fail once it is gone.
--dry-run sends nothing at all, so it does not, unless --with-reads. --yes does not ask (given
names, the list is read anyway, and who breaks is said on stderr).
`,
    )
    .action(wiring.action(runQueryRm));
}

export async function runQueryRm(ctx: Context, given: string[], opts: ConfirmOptions): Promise<void> {
  const refs = [...new Set(given)];
  for (const ref of refs) checkNameArgument(ref, 'QUERY');
  const what = `delete ${refs.length === 1 ? `query ${refs[0]}` : `${refs.length} queries (${refs.join(', ')})`}`;
  // Refused before anything is sent, name lookups included, when there is no one to ask.
  ensureConfirmable(ctx, what, { ...opts, refusalHint: withReadsHint('dgw query rm', refs) });
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  // Each id with the name first typed for it, for a warning a person reads.
  let typed: Map<string, string> | undefined;
  // One query list finds the readers and resolves names; ids are deleted even when it cannot be read.
  const inspect = async () => {
    const queries = refs.every(isIdShaped) ? await savedQueries(http, projectId) : await listQueries(http, projectId);
    const listed = typeof queries === 'string' ? [] : queries;
    const doomed: Array<Pick<Query, 'id' | 'name' | 'queryType'>> = [];
    for (const ref of refs) {
      if (!isIdShaped(ref)) doomed.push(matchQuery(listed, ref));
      else doomed.push(typeof queries === 'string' ? { id: ref, name: '', queryType: 'PLAIN' } : await queryById(http, projectId, listed, ref));
    }
    typed = typedRefs(refs, doomed.map((q) => q.id));
    const breakage = breakageIn(queries, doomed.filter((q) => q.name !== '').map(endedQueryName), [...typed.keys()]);
    return { breakage, facts: { queries: doomed.map((q) => ({ id: q.id, name: q.name || null })) } };
  };
  const shown = refs.length === 1 ? refs[0] : 'them';
  const target = await confirmBreakage(ctx, http, what, opts, inspect, { names: shown, facts: { queries: refs.map((ref) => (isIdShaped(ref) ? { id: ref } : { name: ref })) } }, !refs.every(isIdShaped));
  const names = typed ?? typedRefs(refs, await resolveQueryIds(http, projectId, refs));
  const deleted: string[] = [];
  for (const id of names.keys()) {
    try {
      await deleteQuery(target, projectId, id);
    } catch (error) {
      if (deleted.length > 0) ctx.out.warn(`deleted before the failure: ${deleted.map((d) => names.get(d)).join(', ')}`);
      throw error;
    }
    deleted.push(id);
  }
  reportChange(ctx, opts, deleted.map((id): QueryDeleted => ({ id, deleted: true })), deleted.join('\n'), `deleted ${deleted.length} ${deleted.length === 1 ? 'query' : 'queries'}`);
}
