import { Argument, type Command } from 'commander';
import { getConnection, listConnections, matchConnection } from '../../api/connections.js';
import { isIdShaped } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { completes } from '../../completion/kinds.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { CONNECTION_COLUMNS } from './columns.js';

export function registerConnectionGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .alias('show')
    .addArgument(completes(new Argument('<connection>', 'connection id or name'), 'connection'))
    .description('Show one connection: id, name, type (see `connection detail` for its configuration)')
    .addHelpText('after', examples('dgw connection get sales', 'dgw connection get sales --json id'))
    .action(wiring.action(runConnectionGet));
}

export async function runConnectionGet(ctx: Context, ref: string, _opts: object): Promise<void> {
  checkNameArgument(ref, 'CONNECTION');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const connection = isIdShaped(ref) ? await getConnection(http, projectId, ref) : matchConnection(await listConnections(http, projectId), ref);
  await ctx.out.record(connection, CONNECTION_COLUMNS, (c) => c.id);
}
