import type { Command } from 'commander';
import { listConnections } from '../../api/connections.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { CONNECTION_COLUMNS } from './columns.js';

export function registerConnectionList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the connections of the project (their credentials are never shown)')
    .addHelpText('after', examples('dgw connection list', 'dgw connection list --json id,name,type'))
    .action(wiring.action(runConnectionList));
}

export async function runConnectionList(ctx: Context, _opts: object): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.list(await listConnections(http, projectId), CONNECTION_COLUMNS, (c) => c.id);
}
