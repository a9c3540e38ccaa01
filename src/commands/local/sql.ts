import type { Command } from 'commander';
import { executeSql } from '../../api/queries.js';
import type { ResultFormat } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { readSource } from '../read-source.js';
import { examples, type Wiring } from '../wiring.js';

export interface SqlOptions {
  file?: string;
  format?: string;
}

export function registerSql(program: Command, wiring: Wiring): void {
  program
    .command('sql')
    .argument('[statement]', 'the SQL statement (or use --file)')
    .description('Run one SQL statement in the project through the run-SQL endpoint (any zone)')
    .option('-f, --file <path>', 'read the statement from a file, or - for stdin')
    .option('--format <format>', 'shape of --json rows: simple (objects) or compact (arrays)', 'simple')
    .addHelpText(
      'after',
      examples(
        'dgw --zone local sql "SELECT count(*) AS n FROM svc.table.orders"',
        'dgw sql "SELECT * FROM svc.mtquery.revenuebycustomer ORDER BY revenue DESC LIMIT 5" --json',
        'dgw sql --file report.sql --json --format compact',
        'echo "SELECT 42 AS answer" | dgw sql --file -',
      ),
    )
    .action(wiring.action(runSql));
}

export async function runSql(ctx: Context, statementArg: string | undefined, opts: SqlOptions): Promise<void> {
  const format = (opts.format ?? 'simple').toLowerCase();
  if (format !== 'simple' && format !== 'compact') throw new UsageError(`--format: "${opts.format}" is not simple or compact`);
  if (statementArg !== undefined && opts.file !== undefined) throw new UsageError('give the statement as an argument or with --file, not both');
  const statement = opts.file === undefined ? statementArg : await readSource(ctx, opts.file, '--file');
  if (statement === undefined || statement.trim() === '') throw new UsageError('no SQL statement: pass one as an argument or with --file');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const json = ctx.out.json;
  // Human output is built from arrays, so columns with the same name stay apart.
  const wire: ResultFormat = json && format === 'simple' ? 'SIMPLE' : 'COMPACT';
  const result = await executeSql(http, projectId, { statement }, wire);
  if (json) {
    ctx.out.value(result.data);
    return;
  }
  const rows = result.data as unknown[][];
  const columns: Column<unknown[]>[] = result.columns.map((c, i) => ({ header: c.columnName, value: (row) => display(row[i]) }));
  await ctx.out.list(rows, columns, (row) => String(display(row[0]) ?? ''));
  if ((result as { truncated?: boolean }).truncated) ctx.out.warn(`only the first ${rows.length} rows were returned; add a LIMIT`);
}

function display(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}
