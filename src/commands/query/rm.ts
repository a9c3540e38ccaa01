import type { Command } from 'commander';
import type { QueryDeleted } from '../../contract/results.js';
import { deleteQuery } from '../../api/queries.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { confirmDestructive } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { checkSegment } from '../../api/path.js';

export interface QueryRmOptions {
  yes?: boolean;
  dryRun?: boolean;
}

export function registerQueryRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<query...>', 'query ids or SQL names')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the requests instead of sending them')
    .description('Delete saved queries, permanently (a materialized result goes with its query)')
    .addHelpText('after', examples('dgw query rm nightlycopy', 'dgw query rm nightlycopy fromstdin --yes', 'dgw query list -q --type plain | xargs -r dgw query rm --yes   # -r: nothing to delete, no dgw run'))
    .action(wiring.action(runQueryRm));
}

export async function runQueryRm(ctx: Context, refs: string[], opts: QueryRmOptions): Promise<void> {
  for (const ref of refs) checkSegment(ref, 'QUERY');
  const projectId = await ctx.projectId();
  // Asked (or refused) before anything is sent, name lookups included.
  await confirmDestructive(ctx, `delete ${refs.length === 1 ? `query ${refs[0]}` : `${refs.length} queries (${refs.join(', ')})`}`, opts);
  const http = await ctx.http({ dryRun: opts.dryRun });
  const ids = await resolveQueryIds(http, projectId, refs);
  const deleted: string[] = [];
  for (const id of ids) {
    try {
      await deleteQuery(http, projectId, id);
    } catch (error) {
      if (deleted.length > 0) ctx.out.warn(`deleted before the failure: ${deleted.join(', ')}`);
      throw error;
    }
    deleted.push(id);
  }
  if (opts.dryRun) return;
  ctx.out.result(deleted.map((id): QueryDeleted => ({ id, deleted: true })), deleted.join('\n'));
  ctx.out.success(`deleted ${deleted.length} ${deleted.length === 1 ? 'query' : 'queries'}`);
}
