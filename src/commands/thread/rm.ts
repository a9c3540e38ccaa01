import type { Command } from 'commander';
import { deleteThread, getThread } from '../../api/agent.js';
import { checkNameArgument } from '../name-argument.js';
import type { Context } from '../../context.js';
import type { ThreadDeleted } from '../../contract/results.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

export function registerThreadRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<thread>', "the thread's id")
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a conversation with the agent')
    .addHelpText('after', examples('dgw thread rm 3f2a9c --yes --dry-run'))
    .action(wiring.action(async (ctx: Context, thread: string, opts: ConfirmOptions) => {
      checkNameArgument(thread, 'THREAD');
      const { http, projectId } = await confirmForProject(ctx, `delete thread ${thread}`, opts, async (http, projectId) => {
        if (!http.readsNothing && !opts.yes) await getThread(http, projectId, thread);
      });
      await deleteThread(http, projectId, thread);
      reportChange(ctx, opts, { threadId: thread, deleted: true } satisfies ThreadDeleted, thread, `deleted thread ${thread}`);
    }));
}
