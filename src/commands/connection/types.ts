import type { Command } from 'commander';
import { listConnectionConfigs } from '../../api/connections.js';
import type { ConnectionConfig } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';

const COLUMNS: Column<ConnectionConfig>[] = [
  { field: 'connectionType', kind: 'key' },
  { field: 'connectionTypeLabel', kind: 'text' },
  { field: 'category' },
  { field: 'authorizationType' },
];

export function registerConnectionTypes(parent: Command, wiring: Wiring): void {
  parent
    .command('types')
    .description('List the connection types the service knows')
    .addHelpText('after', examples('dgw connection types', 'dgw connection types --json connectionType,category'))
    .action(wiring.action(runConnectionTypes));
}

export async function runConnectionTypes(ctx: Context, _opts: object): Promise<void> {
  const http = await ctx.http();
  const types = await listConnectionConfigs(http);
  await ctx.out.list(types, COLUMNS, (c) => c.connectionType);
}
