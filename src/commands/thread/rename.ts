import type { Command } from 'commander';
import { renameThread } from '../../api/agent.js';
import { checkNameArgument } from '../name-argument.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { hasControlCharacter } from '../../api/names.js';
import { examples, type Wiring } from '../wiring.js';
import { THREAD_COLUMNS, readThread, type ThreadRecord } from './columns.js';

export function registerThreadRename(parent: Command, wiring: Wiring): void {
  parent
    .command('rename')
    .argument('<thread>', "the thread's id")
    .argument('<name>', 'its new display name')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Give a conversation with the agent a display name')
    .addHelpText('after', examples('dgw thread rename 3f2a9c "Revenue questions" --dry-run'))
    .action(wiring.action(async (ctx: Context, thread: string, name: string, opts: { dryRun?: boolean }) => {
      checkNameArgument(thread, 'THREAD');
      if (name.trim() === '') throw new UsageError('NAME is empty; give the thread a name');
      if (hasControlCharacter(name)) throw new UsageError('NAME contains a control character (a tab, line break or escape); a name is one line of plain text');
      const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
      const answer = await renameThread(http, projectId, thread, name);
      if (opts.dryRun) return;
      const read = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? readThread(answer as Record<string, unknown>) : undefined;
      const shown: ThreadRecord = { threadId: read?.threadId || thread, displayName: read?.displayName ?? name, updatedAt: read?.updatedAt ?? null };
      await ctx.out.record(shown, THREAD_COLUMNS, (t) => t.threadId);
      ctx.out.success(`renamed thread ${thread}`);
    }));
}
