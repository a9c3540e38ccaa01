import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import type { Http } from '../../api/http.js';
import { visible } from '../../output/visible.js';
import { DgwError, UsageError } from '../../errors.js';
import { readSource } from '../read-source.js';
import { checkGuardFormulas, parseLimit, printResult, rowShape, type PrintOptions, type RowShape } from '../result-rows.js';
import { refuseNulInSql } from '../sql-text.js';
import { examples, jsonTook, type Wiring } from '../wiring.js';

export interface SqlOptions {
  file?: string;
  limit?: string;
  guardFormulas?: boolean;
  /** `-f`, which dgw keeps for `--field` (of `dgw api`): refused with a pointer to --file. */
  f?: string;
}

export function registerSql(program: Command, wiring: Wiring): void {
  program
    .command('sql')
    .argument('[statement]', 'the SQL statement (or use --file); none on a terminal opens the SQL shell')
    .description('Run a SQL statement in the project through the run-SQL endpoint (any zone); alone on a terminal, an interactive SQL shell')
    .option('--file <path>', 'read the statement from a file, or - for stdin')
    .option('--limit <rows>', 'print at most this many rows (the rest of the answer is not read; no limit by default)')
    .option('--guard-formulas', 'with --format csv: prefix text starting with = + - @ (a spreadsheet formula) with \'')
    // -f means --field (dgw api) everywhere in dgw; caught here to say so rather than "unknown option".
    .addOption(new Option('-f <path>').hideHelp())
    .addHelpText(
      'after',
      `${examples(
        'dgw --zone local sql "SELECT count(*) AS n FROM svc.table.orders"',
        'dgw sql "SELECT * FROM svc.mtquery.revenuebycustomer ORDER BY revenue DESC LIMIT 5" --json',
        'dgw sql --file report.sql --json --format compact',
        'dgw sql --file checks.sql            # several statements: run in order, the first that fails stops the rest',
        'dgw sql "SELECT * FROM svc.table.orders" --format csv > orders.csv      # every row, streamed',
        'dgw sql "SELECT * FROM svc.table.orders" --format jsonl | head          # one JSON object per line',
        'dgw sql "SELECT * FROM svc.table.events" --limit 1000 --json',
        'echo "SELECT 42 AS answer" | dgw sql',
        'dgw --zone local sql                     # the SQL shell: statements end with ;, .exit leaves',
      )}
With no statement on a terminal, dgw sql is a shell: statements end with ; and may span lines,
results print as tables, Ctrl-C cancels the running statement (or clears a half-typed one), .exit
(or psql's \\q) or Ctrl-D leaves; the history is kept in the user's data folder (sql_history, mode 0600).
Off a terminal, a missing statement is read from stdin.
SQL of several statements (; between them) runs as the shell runs it: one after another, each its
own request (not one transaction), their results one after another as tables or TSV; the first that
fails stops the rest, and its number is said. --json and the other forms take one statement.
--format simple (the default) or compact shapes the rows of --json: objects, or arrays of values;
--format table, json, jsonl, yaml, csv or tsv chooses the output, as for every command.
Rows are printed as they arrive, in constant memory, whatever their number (--jq alone reads the
whole result first). The local gateway sends every row; --limit N prints the first N. A service
that says it cut a result short makes dgw exit 8 after the rows it sent.
CSV is RFC 4180 with a header line; --guard-formulas makes text a spreadsheet would run (=, +, -,
@ first) start with ' instead. On the local gateway, CSV to a pipe or a file is written by DuckDB
itself, the same bytes at DuckDB's speed (most column types; the rest as before).
Numbers keep every digit, and with --json a column has one JSON type in every row, by its SQL type:
INTEGER, DOUBLE and DECIMAL of at most 15 digits are numbers; BIGINT, HUGEINT and wider DECIMALs
(count(*), sum()) are strings, small values too ("7", "123456789012345.678"): in jq, tonumber.
Tables and TSV print every value as it is.
In a pipe, rows are TSV escaped as PostgreSQL's text format: \\t \\n \\r \\\\ inside a value, \\N for
NULL; --header (before or after the command) prints the column names first.
`,
    )
    .action(wiring.action(runSql, { rowShapes: true }));
}

export async function runSql(ctx: Context, statementArg: string | undefined, opts: SqlOptions): Promise<void> {
  // The global --format also takes the shape of JSON rows here (simple objects, or compact arrays).
  const format = rowShape(ctx);
  const print: PrintOptions = { limit: parseLimit(opts.limit), guardFormulas: opts.guardFormulas };
  checkGuardFormulas(ctx, opts.guardFormulas);
  if (opts.f !== undefined) throw new UsageError('-f is not short for --file: in dgw, -f means --field (of `dgw api`); use --file PATH (or --file - for stdin)');
  if (statementArg !== undefined && opts.file !== undefined) throw new UsageError('give the statement as an argument or with --file, not both');
  const took = (statementArg ?? opts.file) === undefined ? jsonTook(ctx.globals.json) : '';
  const noStatement = () => new UsageError('no SQL statement: pass one as an argument, with --file, or on stdin', took ? `${took}see \`dgw sql --help\`` : undefined);
  if (statementArg === undefined && opts.file === undefined && ctx.io.stdin.isTTY) {
    // No statement: on a terminal, the SQL shell; otherwise stdin. When --json took the statement (`--json "SELECT 1"`), neither was meant.
    if (took) throw noStatement();
    if (ctx.io.stdout.isTTY) return runSqlShell(ctx, format, print);
  }
  const statement = opts.file === undefined ? (statementArg ?? (await ctx.readStdin())) : await readSource(ctx, opts.file, '--file');
  if (statement.trim() === '') throw noStatement();
  refuseNulInSql(statement, opts.file !== undefined ? '--file' : statementArg !== undefined ? 'STATEMENT' : 'stdin');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const somethingAfterASemicolon = /;\s*\S/.test(statement);
  const statements = somethingAfterASemicolon ? (await import('../../shell/statements.js')).statementsOf(statement) : [statement];
  if (statements.length <= 1) return runStatement(ctx, http, projectId, statement, format, print);
  const { runScript } = await import('./sql-script.js');
  await runScript(ctx, statements, (one) => runStatement(ctx, http, projectId, one, format, print));
}

async function runStatement(ctx: Context, http: Http, projectId: string, statement: string, shape: RowShape, print: PrintOptions): Promise<void> {
  const { openSqlResult } = await import('../../api/sql-result.js');
  await printResult(ctx, shape, (format, csv) => openSqlResult(http, projectId, { statement }, format, { signal: http.signal, idleMs: http.timeoutMs, csv }), print);
}

/** The interactive shell; a failing statement is reported and the shell goes on, Ctrl-C cancels the running one. */
async function runSqlShell(ctx: Context, format: RowShape, print: PrintOptions): Promise<void> {
  // The shell talks with the person at the terminal: its results are printed, never paged.
  ctx.stopPaging();
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const [{ runShell }, { HistoryFile }, { userDataDir }, path] = await Promise.all([
    import('../../shell/sql-shell.js'),
    import('../../shell/history.js'),
    import('../../config/user-dirs.js'),
    import('node:path'),
  ]);
  await runShell({
    input: ctx.io.stdin as unknown as NodeJS.ReadableStream,
    output: ctx.io.stdout as unknown as NodeJS.WritableStream,
    // A key pasted into a statement stays out of the file.
    history: new HistoryFile(path.join(userDataDir(ctx.env), 'sql_history'), [(await ctx.apiKey()) ?? '', ctx.env.DGW_API_KEY ?? '']),
    signal: ctx.signal,
    idle: () => ctx.releaseLocal(),
    run: (statement, signal) => {
      refuseNulInSql(statement, 'the statement');
      return runStatement(ctx, http.withSignal(signal), projectId, statement, format, print);
    },
    report(error, cancelled) {
      if (cancelled) {
        ctx.io.stderr.write(`${ctx.color.yellow('cancelled')}\n`);
        return;
      }
      if (!(error instanceof DgwError)) throw error;
      ctx.io.stderr.write(`${ctx.color.red('error:')} ${visible(error.message.trim().split(/\s*\n\s*/).join(' — '))}\n`);
      if (error.hint) ctx.io.stderr.write(`hint: ${visible(error.hint)}\n`);
    },
  });
}
