import type { Command } from 'commander';
import { transpileSql, type TranspiledRecord } from '../../api/hosted-tools.js';
import type { Context } from '../../context.js';
import { MalformedResponseError, UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { visible } from '../../output/visible.js';
import { readSource } from '../read-source.js';
import { refuseNulInSql } from '../sql-text.js';
import { examples, type Wiring } from '../wiring.js';

/** Options of `transpile`. */
export interface TranspileOptions {
  file?: string;
  dryRun?: boolean;
}

export function registerTranspile(program: Command, wiring: Wiring): void {
  program
    .command('transpile')
    .argument('<dialect>', 'the dialect to write the statement in: mysql, postgres, bigquery, ... (the service says which it knows)')
    .argument('[statement]', 'the statement in the service\'s SQL (or --file, or stdin)')
    .option('--file <path>', 'read the statement from a file, or - for stdin')
    .option('--dry-run', 'print the request instead of sending it')
    .description("Rewrite a statement from the service's SQL (Trino) into another dialect (hosted service only)")
    .addHelpText(
      'after',
      `${examples('dgw transpile mysql "SELECT * FROM svc.table.orders WHERE id = 1" --dry-run', 'dgw transpile postgres --file report.sql --dry-run')}
On a terminal and in a pipe the statement is printed alone; --format csv, --json and YAML print
the record. The hosted service transpiles; the local gateway has no transpiler: it answers 501
and dgw exits 15 saying so.
`,
    )
    .action(wiring.action(runTranspile));
}

export async function runTranspile(ctx: Context, dialect: string, statement: string | undefined, opts: TranspileOptions): Promise<void> {
  if (!/^[a-z][a-z0-9_]*$/i.test(dialect)) throw new UsageError(`DIALECT ${JSON.stringify(dialect)} is not a dialect's name (letters, digits and _)`);
  if (statement !== undefined && opts.file !== undefined) throw new UsageError('give the statement as an argument or with --file, not both');
  const query = statement ?? (opts.file !== undefined ? await readSource(ctx, opts.file, '--file') : await ctx.readStdin());
  if (query.trim() === '') throw new UsageError('no statement: pass one as an argument, with --file, or on stdin');
  refuseNulInSql(query, opts.file !== undefined ? '--file' : statement !== undefined ? 'STATEMENT' : 'stdin');
  const http = await ctx.http({ dryRun: opts.dryRun });
  const answer = await transpileSql(http, dialect.toLowerCase(), query);
  if (opts.dryRun) return;
  if (!answer) throw new MalformedResponseError('the service answered nothing (no transpiled statement)');
  // A terminal or a pipe (table, TSV: the defaults) wants the statement alone; CSV, JSON and YAML get the record.
  // On a terminal the service's control characters are shown escaped, so its answer cannot drive the terminal.
  if (['table', 'tsv', 'quiet'].includes(ctx.out.mode.kind)) ctx.out.raw(ctx.io.stdout.isTTY === true ? visible(answer.result, '\n\t') : answer.result);
  else await ctx.out.record(answer, TRANSPILED_COLUMNS, (t) => t.result);
}

const TRANSPILED_COLUMNS: Column<TranspiledRecord>[] = [{ field: 'dialect' }, { field: 'result', kind: 'text' }];
