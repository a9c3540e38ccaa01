import type { Command } from 'commander';
import { addColumns } from '../../api/tables.js';
import type { Context } from '../../context.js';
import { examples, type Wiring } from '../wiring.js';
import { checkTableName, COLUMN_TYPES, parseColumnSpecs } from './column-specs.js';
import { COLUMN_COLUMNS } from './list.js';

export interface AddColumnOptions {
  dryRun?: boolean;
}

export function registerTableAddColumn(parent: Command, wiring: Wiring): void {
  parent
    .command('add-column')
    .argument('<table>', 'stored table name')
    .argument('<column...>', `columns as name:type; type: ${COLUMN_TYPES.join(', ')}`)
    .option('--dry-run', 'print the request instead of sending it')
    .description('Add columns to a stored table (one request for all of them)')
    .addHelpText('after', examples('dgw table add-column orders discount:DECIMAL', 'dgw table add-column events source:VARCHAR retries:BIGINT --json'))
    .action(wiring.action(runTableAddColumn));
}

export async function runTableAddColumn(ctx: Context, name: string, specs: string[], opts: AddColumnOptions): Promise<void> {
  const table = checkTableName(name);
  const columns = parseColumnSpecs(specs, 'COLUMN');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const added = await addColumns(http, projectId, table, columns);
  if (opts.dryRun) return;
  // The answer describes the columns; where a service sends none, what was asked for is shown.
  const shown = added.length > 0 ? added : columns.map((c) => ({ id: null, name: c.name ?? '', dataType: c.dataType ?? '', displayName: c.name ?? '', defaultValue: null, isNotNull: false, isUnique: false, desc: null }));
  await ctx.out.list(shown, COLUMN_COLUMNS, (c) => c.name);
  ctx.out.success(`added ${columns.length} ${columns.length === 1 ? 'column' : 'columns'} to ${table}`);
}
