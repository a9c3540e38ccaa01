import type { Command } from 'commander';
import { getJdbcDriver } from '../../api/drivers.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { DRIVER_COLUMNS } from './columns.js';

export function registerDriverJdbc(parent: Command, wiring: Wiring): void {
  parent
    .command('jdbc')
    .description('Show the JDBC connection string to the query engine')
    .addHelpText('after', examples('dgw driver jdbc', 'dgw driver jdbc -q    # the string alone'))
    .action(wiring.action(runDriverJdbc));
}

export async function runDriverJdbc(ctx: Context, _opts: object): Promise<void> {
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.record(await getJdbcDriver(http, projectId), DRIVER_COLUMNS, (d) => d.connectionString);
}
