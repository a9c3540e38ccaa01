import type { Command } from 'commander';
import { listThreads } from '../../api/agent.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { readThreads, THREAD_COLUMNS, threadId } from './columns.js';

export function registerThreadList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description("List the conversations with the project's agent")
    .addHelpText('after', examples('dgw thread list', 'dgw thread list --json threadId,displayName'))
    .action(wiring.action(async (ctx: Context, _opts: object) => {
      const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
      await ctx.out.list(readThreads(await listThreads(http, projectId)), THREAD_COLUMNS, threadId);
    }));
}
