import { Argument, type Command } from 'commander';
import { getConnectionDetail, resolveConnectionId } from '../../api/connections.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { maskSecrets } from './credential.js';

interface FieldRow {
  field: string;
  value: unknown;
}

const COLUMNS: Column<FieldRow>[] = [
  { field: 'field', kind: 'key' },
  { field: 'value', kind: 'text', show: (r) => (typeof r.value === 'string' ? r.value : JSON.stringify(r.value)) },
];

export function registerConnectionDetail(parent: Command, wiring: Wiring): void {
  parent
    .command('detail')
    .addArgument(completes(new Argument('<connection>', 'connection id or name'), 'connection'))
    .description('Show a connection\'s configuration, secrets masked as ***')
    .addHelpText('after', examples('dgw connection detail sales', 'dgw connection detail sales --json'))
    .action(wiring.action(runConnectionDetail));
}

export async function runConnectionDetail(ctx: Context, ref: string, _opts: object): Promise<void> {
  checkNameArgument(ref, 'CONNECTION');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const detail = maskSecrets(await getConnectionDetail(http, projectId, await resolveConnectionId(http, projectId, ref)));
  if (ctx.out.json) ctx.out.value(detail);
  else await ctx.out.list(Object.entries(detail).map(([field, value]) => ({ field, value })), COLUMNS, (r) => r.field);
}
