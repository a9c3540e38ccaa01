import type { Command } from 'commander';
import { checkSegment } from '../../api/path.js';
import { resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { printResult, rowShape } from '../result-rows.js';
import { examples, type Wiring } from '../wiring.js';

export function registerQueryRun(parent: Command, wiring: Wiring): void {
  parent
    .command('run')
    .argument('<query>', 'query id or SQL name')
    .description('Run a saved query and print its rows (run SQL with the query\'s id), in every output `dgw sql` has')
    .addHelpText(
      'after',
      `${examples(
        'dgw query run revenuereport',
        'dgw query run revenuereport --json                 # row objects; --format compact: arrays',
        'dgw query run 709922802836177297 --format csv > revenue.csv',
        'dgw query run dailyrevenue --jq \'map(.amount) | add\'',
      )}
A materialized query returns its stored result (refreshed by \`dgw mtquery refresh\`); a plain one
runs its SQL now. Rows print as \`dgw sql\` prints them: a table on a terminal, TSV in a pipe,
--format csv|yaml|json, --json f1,f2 (the result's columns), exact numbers kept.
`,
    )
    .action(wiring.action(runQueryRun, { rowShapes: true }));
}

export async function runQueryRun(ctx: Context, ref: string, _opts: object): Promise<void> {
  checkSegment(ref, 'QUERY');
  const shape = rowShape(ctx);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const [id] = await resolveQueryIds(http, projectId, [ref]);
  const { openSqlResult } = await import('../../api/sql-result.js');
  await printResult(ctx, shape, (format) => openSqlResult(http, projectId, { id }, format, { signal: http.signal, idleMs: http.timeoutMs }));
}
