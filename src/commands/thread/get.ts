import type { Command } from 'commander';
import { getThread } from '../../api/agent.js';
import { checkNameArgument } from '../name-argument.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';

export function registerThreadGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .argument('<thread>', "the thread's id (thread list shows them)")
    .description('Show a conversation with the agent, as the service keeps it (its messages and what the agent ran)')
    .addHelpText('after', examples('dgw thread get 3f2a9c', 'dgw thread get 3f2a9c --jq ".messages | length"'))
    .action(wiring.action(async (ctx: Context, thread: string, _opts: object) => {
      checkNameArgument(thread, 'THREAD');
      const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
      // The document gives a thread as an open object: printed as it came.
      ctx.out.value(await getThread(http, projectId, thread));
    }));
}
