import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { runQueryCreate } from '../query/create.js';
import { addQueryFlags, type QueryFlags } from '../query/request-flags.js';
import { examples, type Wiring } from '../wiring.js';

export function registerMtqueryCreate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('create')
    .argument('<display-name>', 'display name; the result is svc.mtquery.<derived name>')
    .description('Create a materialized query (query create --materialized)');
  addQueryFlags(command, { materializedFlag: false })
    .addHelpText(
      'after',
      examples(
        'dgw mtquery create "Daily revenue" --sql "SELECT order_date AS day, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1" --every 1d',
        'dgw mtquery create "Revenue snapshot" --from revenuereport --cron "0 6 * * 1-5" --tz America/New_York',
      ),
    )
    .action(wiring.action(runMtqueryCreate));
}

export function runMtqueryCreate(ctx: Context, displayName: string, flags: QueryFlags): Promise<void> {
  return runQueryCreate(ctx, displayName, { ...flags, materialized: true });
}
