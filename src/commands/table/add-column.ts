import type { Command } from 'commander';
import { addBiColumns, addColumns } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { checkNameArgument } from '../name-argument.js';
import { COLUMN_TYPES, parseColumnSpecs } from './column-specs.js';
import { NOUN, type TableKind } from './kind.js';
import { COLUMN_COLUMNS } from './list.js';

const EXAMPLES = ['dgw table add-column orders discount:DECIMAL', 'dgw table add-column events source:VARCHAR retries:BIGINT --json'];

/** Registers `<kind> add-column`: the same verb for stored tables and BI tables, with examples of its own. */
export function registerTableAddColumn(parent: Command, wiring: Wiring, kind: TableKind = 'table', helpExamples = EXAMPLES): void {
  parent
    .command('add-column')
    .argument('<table>', `${NOUN[kind]} name`)
    .argument('<column...>', `columns as name:type; type: ${COLUMN_TYPES.join(', ')}`)
    .option('--dry-run', 'print the request instead of sending it')
    .description(`Add columns to a ${NOUN[kind]} (one request for all of them)`)
    .addHelpText('after', examples(...helpExamples))
    .action(wiring.action((ctx: Context, name: string, specs: string[], opts: { dryRun?: boolean }) => runTableAddColumn(ctx, name, specs, opts, kind)));
}

export async function runTableAddColumn(ctx: Context, name: string, specs: string[], opts: { dryRun?: boolean }, kind: TableKind = 'table'): Promise<void> {
  const table = checkNameArgument(name, 'TABLE');
  const columns = parseColumnSpecs(specs, 'COLUMN');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const added = await (kind === 'table' ? addColumns : addBiColumns)(http, projectId, table, columns);
  if (opts.dryRun) return;
  // The answer describes the columns; where a service sends none for a stored table, what was asked for is shown.
  const shown = added.length > 0 || kind === 'bitable' ? added : columns.map((c) => ({ id: null, name: c.name ?? '', dataType: c.dataType ?? '', displayName: c.name ?? '', defaultValue: null, isNotNull: false, isUnique: false, desc: null }));
  await ctx.out.list(shown, COLUMN_COLUMNS, (c) => c.name);
  ctx.out.success(`added ${columns.length} ${columns.length === 1 ? 'column' : 'columns'} to ${kind === 'table' ? '' : 'BI table '}${table}`);
}
