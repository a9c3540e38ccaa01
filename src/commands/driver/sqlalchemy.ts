import type { Command } from 'commander';
import { getSqlAlchemyDriver } from '../../api/drivers.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { DRIVER_COLUMNS, SALES_NEEDED } from './columns.js';

export function registerDriverSqlalchemy(parent: Command, wiring: Wiring): void {
  parent
    .command('sqlalchemy')
    .argument('<catalog>', 'catalog name: a SQLAlchemy engine reaches one catalog')
    .description('Show the SQLAlchemy URL of one catalog of the query engine')
    .addHelpText('after', SALES_NEEDED + examples('dgw driver sqlalchemy sales', 'dgw driver sqlalchemy sales -q'))
    .action(wiring.action(runDriverSqlalchemy));
}

export async function runDriverSqlalchemy(ctx: Context, catalog: string, _opts: object): Promise<void> {
  if (!catalog.trim()) throw new UsageError('CATALOG must not be empty; `dgw catalog list` lists them');
  checkSegment(catalog, 'CATALOG');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.record(await getSqlAlchemyDriver(http, projectId, catalog), DRIVER_COLUMNS, (d) => d.connectionString);
}
