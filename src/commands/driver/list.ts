import type { Command } from 'commander';
import { getSupportedDrivers } from '../../api/drivers.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { DRIVER_COLUMNS, SALES_NEEDED } from './columns.js';

/** Options of `driver list`. */
export interface DriverListOptions {
  catalog?: string;
}

export function registerDriverList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .description('List the connection strings of the supported drivers (JDBC, SQLAlchemy) for BI tools')
    .option('--catalog <name>', 'catalog the SQLAlchemy string reaches (it reaches one catalog only)')
    .addHelpText(
      'after',
      `
The hosted service's strings carry the key they were asked with: keep them as you would keep the key.
On the local gateway they name the project's DuckDB file, which a BI tool opens with DuckDB's own
JDBC driver or duckdb_engine: its stored tables, materialized queries, caches and BI tables, read-only,
while no dgw serve holds the data folder (see docs/local-gateway.md).
${SALES_NEEDED}${examples('dgw driver list', 'dgw driver list --catalog sales --json driver,connectionString')}`,
    )
    .action(wiring.action(runDriverList));
}

export async function runDriverList(ctx: Context, opts: DriverListOptions): Promise<void> {
  if (opts.catalog !== undefined && !opts.catalog.trim()) throw new UsageError('--catalog must not be empty; `dgw catalog list` lists them');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  await ctx.out.list(await getSupportedDrivers(http, projectId, opts.catalog), DRIVER_COLUMNS, (d) => d.connectionString);
}
