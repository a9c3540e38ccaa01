import type { Command } from 'commander';
import { getConnectionConfig } from '../../api/connections.js';
import type { ConnectionConfig, ConnectionConfigField } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';

const FIELDS: Column<ConnectionConfig>[] = [
  { header: 'type', value: (c) => c.connectionType },
  { header: 'label', value: (c) => c.connectionTypeLabel },
  { header: 'name', value: (c) => c.name },
  { header: 'category', value: (c) => c.category },
  { header: 'authorization', value: (c) => c.authorizationType },
  { header: 'credential schema', value: (c) => c.credentialSchemaType },
  { header: 'redirect required', value: (c) => c.redirectRequired },
  { header: 'documentation', value: (c) => c.documentationUrl },
];

const CONFIG_COLUMNS: Column<ConnectionConfigField>[] = [
  { header: 'FIELD', value: (f) => f.fieldName },
  { header: 'REQUIRED', value: (f) => (f.required ? 'yes' : 'no') },
  { header: 'DESCRIPTION', value: (f) => f.description },
];

export function registerConnectionConfig(parent: Command, wiring: Wiring): void {
  parent
    .command('config')
    .argument('<type>', 'connection type, e.g. POSTGRES or hubspot_access_token')
    .description('Show the configuration description of a connection type')
    .addHelpText('after', examples('dgw connection config POSTGRES', 'dgw connection config stripe --json configuration'))
    .action(wiring.action(runConnectionConfig));
}

export async function runConnectionConfig(ctx: Context, type: string, _opts: object): Promise<void> {
  const http = await ctx.http();
  const config = await getConnectionConfig(http, type);
  await ctx.out.record(config, FIELDS, (c) => c.connectionType);
  if (ctx.out.mode.kind === 'table' || ctx.out.mode.kind === 'tsv') {
    if (ctx.out.mode.kind === 'table') ctx.io.stdout.write('\nConfiguration fields:\n');
    await ctx.out.list(config.configuration ?? [], CONFIG_COLUMNS, (f) => f.fieldName);
  }
}
