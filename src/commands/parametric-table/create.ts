import type { Command } from 'commander';
import { parseJsonExact } from '../../api/exact-numbers.js';
import { createParametricTable } from '../../api/parametric-tables.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { ParametricTableRecord } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { collect, examples, type Wiring } from '../wiring.js';
import { EXAMPLES_NEED, PARAMETRIC_COLUMNS, schemaAndTable } from './columns.js';

/** Options of `parametric-table create`. */
export interface ParametricTableCreateOptions {
  from: string;
  param?: string[];
  dryRun?: boolean;
}

export function registerParametricTableCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<catalog>', 'catalog id or name')
    .argument('<table>', 'the new table, as schema.table')
    .requiredOption('--from <schema.table>', 'the base table it is made from')
    .option('--param <key=value>', 'a parameter and its value, repeatable (a value that reads as JSON is sent as JSON)', collect, [])
    .option('--dry-run', 'print the request instead of sending it')
    .description('Create a parametric table: a base table with fixed parameter values')
    .addHelpText(
      'after',
      `${EXAMPLES_NEED}${examples(
        'dgw parametric-table create visits main.pricing_visits --from main.visits --param page=/pricing',
        'dgw parametric-table create visits main.visitor_7 --from main.visits --param visitor=7 --json',
      )}
The hosted service binds the parameters of REST tables. The local gateway, which connects no REST
source, makes a view of a csv, parquet or json connection's table where each key (a column) equals
its value. Date macros: @today, @yesterday, @now, @sow/@eow (week, Monday first), @som/@eom,
@soq/@eoq, @soy/@eoy (start and end: a day), each with offsets such as -7d, +1M, -24h (units d w M
q y h m: m is minutes, M months).
`,
    )
    .action(wiring.action(runParametricTableCreate));
}

export async function runParametricTableCreate(ctx: Context, catalog: string, target: string, opts: ParametricTableCreateOptions): Promise<void> {
  const to = schemaAndTable(target, 'TABLE');
  const from = schemaAndTable(opts.from, '--from');
  const paramValues = (opts.param ?? []).map(parseParam);
  const twice = paramValues.find((p, i) => paramValues.findIndex((q) => q.key === p.key) < i);
  if (twice) throw new UsageError(`--param: ${twice.key} is given twice; each parameter is fixed to one value`);
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const catalogId = await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m));
  const asked: ParametricTableRecord = { fromSchema: from.schema, fromTable: from.table, toSchema: to.schema, toTable: to.table, paramValues };
  const created = await createParametricTable(http, projectId, catalogId, asked);
  if (opts.dryRun) return;
  await ctx.out.record(created ?? asked, PARAMETRIC_COLUMNS, (t) => `${t.toSchema}.${t.toTable}`);
  ctx.out.success(`created parametric table ${to.schema}.${to.table}`);
}

function parseParam(given: string): { key: string; value: unknown } {
  const i = given.indexOf('=');
  if (i <= 0) throw new UsageError(`--param must be key=value; got "${given}"`);
  const raw = given.slice(i + 1);
  try {
    // Every digit the user typed is sent: 12345678901234567890 stays that number, not the double nearest it.
    return { key: given.slice(0, i), value: parseJsonExact(raw, 'verbatim') };
  } catch {
    return { key: given.slice(0, i), value: raw };
  }
}
