import type { Command } from 'commander';
import { getSupportedDrivers } from '../../api/drivers.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { DRIVER_COLUMNS } from './columns.js';

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
The strings carry the key they were asked with: keep them as you would keep the key.
The local gateway has no JDBC or SQLAlchemy endpoint (it answers 501, exit 15); the hosted service does.
${examples('dgw driver list', 'dgw driver list --catalog sales --json driver,connectionString')}`,
    )
    .action(wiring.action(runDriverList));
}

export async function runDriverList(ctx: Context, opts: DriverListOptions): Promise<void> {
  const http = await ctx.http();
  await ctx.out.list(await getSupportedDrivers(http, opts.catalog), DRIVER_COLUMNS, (d) => d.connectionString);
}
