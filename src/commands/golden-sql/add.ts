import type { Command } from 'commander';
import { addGoldenSql, listGoldenSqls } from '../../api/golden-sqls.js';
import type { Context } from '../../context.js';
import { MalformedResponseError, UsageError } from '../../errors.js';
import { hasControlCharacter } from '../../api/names.js';
import { examples, type Wiring } from '../wiring.js';
import { GOLDEN_COLUMNS, goldenId } from './columns.js';

/** Options of `golden-sql add`. */
export interface GoldenSqlAddOptions {
  sql?: string;
  file?: string;
  dryRun?: boolean;
}

export function registerGoldenSqlAdd(parent: Command, wiring: Wiring): void {
  parent
    .command('add')
    .argument('<prompt>', 'the question, as a person would ask it')
    .option('--sql <sql>', 'the SQL that answers it')
    .option('--file <file>', 'read the SQL from a file, or - for stdin')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Add a golden SQL: a question and the SQL that answers it, for the agent to learn from')
    .addHelpText(
      'after',
      `${examples(
        'dgw golden-sql add "Revenue by customer" --sql "SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1"',
        'dgw golden-sql add "Orders per status" --file report.sql',
      )}
The local gateway checks the SQL as it checks a saved query's (one SELECT it can run).
`,
    )
    .action(wiring.action(runGoldenSqlAdd));
}

export async function runGoldenSqlAdd(ctx: Context, prompt: string, opts: GoldenSqlAddOptions): Promise<void> {
  if (!prompt.trim()) throw new UsageError('PROMPT must not be empty');
  if (hasControlCharacter(prompt)) throw new UsageError('PROMPT contains a control character; a question is plain text');
  if ((opts.sql === undefined) === (opts.file === undefined)) throw new UsageError('give the SQL with --sql or --file (one of them)');
  const sql = opts.sql ?? (await (await import('../read-source.js')).readSource(ctx, opts.file!, '--file'));
  if (!sql.trim()) throw new UsageError('the SQL is empty');
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const added = await addGoldenSql(http, projectId, prompt, sql.trim());
  if (opts.dryRun) return;
  // An answer without the golden SQL (empty, `{}`): the one the service lists with this prompt and SQL, the last if several.
  const shown = added ?? (await listGoldenSqls(http, projectId)).filter((g) => g.prompt === prompt && g.sql === sql.trim()).at(-1);
  if (!shown) throw new MalformedResponseError('the service answered without the golden SQL and lists none with this prompt and SQL: see `dgw golden-sql list` before adding it again');
  await ctx.out.record(shown, GOLDEN_COLUMNS, goldenId);
  ctx.out.success(`added golden SQL${shown.id ? ` ${shown.id}` : ''}`);
}
