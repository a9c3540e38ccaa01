import type { Command } from 'commander';
import { checkNameArgument } from '../name-argument.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { checkGuardFormulas, parseLimit, printResult, rowShape } from '../result-rows.js';
import { examples, type Wiring } from '../wiring.js';

export function registerQueryRun(parent: Command, wiring: Wiring): void {
  parent
    .command('run')
    .argument('<query>', 'query id or SQL name')
    .option('--limit <rows>', 'print at most this many rows (the rest of the answer is not read; no limit by default)')
    .option('--guard-formulas', 'with --format csv: prefix text starting with = + - @ (a spreadsheet formula) with \'')
    .description('Run a saved query and print its rows (run SQL with the query\'s id), in every output `dgw sql` has')
    .addHelpText(
      'after',
      `${examples(
        'dgw query run revenuereport',
        'dgw query run revenuereport --json                 # row objects; --format compact: arrays',
        'dgw query run revenuebycustomer --format csv > revenue.csv',
        'dgw query run revenuebycustomer --jq \'map(.revenue | tonumber) | add\'   # a sum() is a DECIMAL(38,s): strings',
        'dgw query run revenuereport --limit 10 --format csv --guard-formulas > sample.csv',
      )}
A materialized query returns its stored result (refreshed by \`dgw mtquery refresh\`); a plain one
runs its SQL now. Rows print as \`dgw sql\` prints them: a table on a terminal, TSV in a pipe,
--format csv|yaml|json|jsonl, --json f1,f2 (the result's columns), exact numbers kept, rows
printed as they arrive; --limit N and --guard-formulas as for \`dgw sql\`.
`,
    )
    .action(wiring.action(runQueryRun, { rowShapes: true }));
}

/** Options of `dgw query run`: the printing ones of `dgw sql`. */
export interface QueryRunOptions {
  limit?: string;
  guardFormulas?: boolean;
}

export async function runQueryRun(ctx: Context, ref: string, opts: QueryRunOptions): Promise<void> {
  checkNameArgument(ref, 'QUERY');
  const shape = rowShape(ctx);
  const print = { limit: parseLimit(opts.limit), guardFormulas: opts.guardFormulas };
  checkGuardFormulas(ctx, opts.guardFormulas);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const [id] = await resolveQueryIds(http, projectId, [ref]);
  const { openSqlResult } = await import('../../api/sql-result.js');
  await printResult(ctx, shape, (format, csv) => openSqlResult(http, projectId, { id }, format, { signal: http.signal, idleMs: http.timeoutMs, csv }), print);
}
