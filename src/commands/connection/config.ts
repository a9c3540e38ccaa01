import { Argument, type Command } from 'commander';
import type { ConnectionConfig, ConnectionConfigField } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { examples, type Wiring } from '../wiring.js';
import { findConnectionType } from './find-type.js';
import { checkSegment } from '../../api/path.js';
import { completes } from '../../completion/kinds.js';

const FIELDS: Column<ConnectionConfig>[] = [
  { field: 'connectionType', kind: 'key' },
  { field: 'connectionTypeLabel', kind: 'text' },
  { field: 'name', kind: 'key' },
  { field: 'category' },
  { field: 'authorizationType' },
  { field: 'credentialSchemaType' },
  { field: 'redirectRequired' },
  { field: 'documentationUrl', kind: 'text' },
];

/** The items of its `configuration` field. */
const CONFIG_COLUMNS: Column<ConnectionConfigField>[] = [
  { field: 'fieldName', kind: 'key' },
  { field: 'required', show: (f) => (f.required ? 'yes' : 'no') },
  { field: 'description', kind: 'text' },
];

export function registerConnectionConfig(parent: Command, wiring: Wiring): void {
  parent
    .command('config')
    .addArgument(completes(new Argument('<type>', 'connection type, e.g. POSTGRES or hubspot_access_token (any case, when only one type matches)'), 'connection-type'))
    .description('Show the configuration description of a connection type')
    .addHelpText('after', examples('dgw connection config POSTGRES', 'dgw connection config postgres          # matched to POSTGRES', 'dgw connection config stripe --json configuration'))
    .action(wiring.action(runConnectionConfig));
}

export async function runConnectionConfig(ctx: Context, type: string, _opts: object): Promise<void> {
  if (!type.trim()) throw new UsageError('TYPE must not be empty; `dgw connection types` lists them');
  checkSegment(type, 'TYPE');
  const http = await ctx.http();
  const { config, matched } = await findConnectionType(http, type);
  if (matched) ctx.out.note(`connection type ${matched} (matched "${type}" ignoring case)`);
  await ctx.out.record(config, FIELDS, (c) => c.connectionType);
  if (ctx.out.mode.kind === 'table' || ctx.out.mode.kind === 'tsv') {
    if (ctx.out.mode.kind === 'table') ctx.io.stdout.write('\nConfiguration fields:\n');
    await ctx.out.list(config.configuration ?? [], CONFIG_COLUMNS, (f) => f.fieldName);
  }
}
