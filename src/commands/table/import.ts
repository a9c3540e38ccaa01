import { statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { addColumns, createTable, deleteTable, listBiTables, listColumns } from '../../api/tables.js';
import type { ColumnDataType, ImportJob, ImportMapping } from '../../api/types.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import type { ImportResult } from '../../contract/results.js';
import { DgwError, takenHint, UsageError } from '../../errors.js';
import { shellWord } from '../../output/carry-target.js';
import { collect, examples, WITH_READS, type Wiring } from '../wiring.js';
import { checkNameArgument } from '../name-argument.js';
import { tableNamed } from './kind.js';

export interface TableImportOptions {
  header: boolean;
  delimiter?: string;
  map: string[];
  create?: boolean;
  dryRun?: boolean;
  withReads?: boolean;
}

export function registerTableImport(parent: Command, wiring: Wiring): void {
  parent
    .command('import')
    .argument('<table>', 'the stored table to import into')
    .argument('<file>', 'a CSV file (UTF-8), or - for stdin')
    .option('--no-header', 'the file has no header line: its columns are matched by position')
    .option('--delimiter <char>', 'the field delimiter of the file: one character, or tab (default ,)')
    .option('--map <column=csvcolumn>', 'import this CSV column (by header name, or position from 1) into this column; repeatable; only mapped columns are imported', collect, [])
    .option('--create', 'create the table first, its columns named by the header line and typed from the first rows')
    .option('--dry-run', 'print the requests instead of sending them')
    .option(...WITH_READS)
    .description('Import a CSV file into a stored table, all or nothing (a bad line refuses the whole file)')
    .addHelpText(
      'after',
      `${examples(
        'dgw table import orders orders.csv                     # columns matched by the header line',
        'dgw table import visits visits.csv --create            # a new table, typed from the file',
        'dgw table import orders export.csv --map order_id=OrderId --map amount="Total (EUR)"',
        'dgw table import orders rows.csv --no-header           # by position: the table\'s column order',
        'dgw table import orders data.tsv --delimiter tab',
        'gzip -dc big.csv.gz | dgw table import orders -',
      )}
The file is UTF-8 CSV (RFC 4180: fields with the delimiter, quotes or line breaks in double
quotes, quotes doubled). Without --map, every CSV column goes to the table column of the same
name (any case), and a CSV column that matches none is an error. An empty field is NULL; "" is
the empty string. --create types each column from the first 2000 rows: BOOLEAN, BIGINT, DECIMAL
(3 decimals), DATE, TIMESTAMP, TIME, UUID, else VARCHAR; on the local gateway a later value that
type would change (a fourth decimal) refuses the import, and a time's offset gives its UTC time.
On the local gateway an import is all or nothing: the first bad line (too few or too many fields,
a value that is not of its column's type, bytes that are not UTF-8) refuses the whole file with
exit 6, naming the line, and the table is exactly as before (with --create: not there).
`,
    )
    .action(wiring.action(runTableImport));
}

export async function runTableImport(ctx: Context, name: string, file: string, opts: TableImportOptions): Promise<void> {
  const [{ openSource }, { parseDelimiter, readCsvHead, refuseOtherDelimiter, asCommaSeparated }, { parseMapFlags, planMappings, newColumnNames }] = await Promise.all([
    import('../../transfer/source.js'),
    import('../../transfer/csv-head.js'),
    import('../../transfer/import-plan.js'),
  ]);
  const table = checkNameArgument(name, 'TABLE');
  const delimiter = parseDelimiter(opts.delimiter);
  const maps = parseMapFlags(opts.map);
  const projectId = await ctx.projectId();
  const source = await openSource(ctx, file, 'FILE').catch((error: unknown) => {
    throw swappedHint(ctx, error, name, file);
  });
  const head = readCsvHead(source, delimiter, opts.header, table);
  const checkDelimiter = (columns?: string[]) => opts.delimiter === undefined && refuseOtherDelimiter(head, source.label, columns);
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });

  let mappings: ImportMapping[];
  let create: Array<{ name: string; dataType: ColumnDataType }> | undefined;
  // The hosted service makes the table by two requests before the import; the local gateway makes it in the import's own transaction.
  let made = false;
  if (opts.create) {
    checkDelimiter();
    const { inferColumns } = await import('../../transfer/infer.js');
    const columns = inferColumns(newColumnNames(head), head.sample);
    for (const c of columns) if (c.note) ctx.out.note(c.note);
    // Mapped before the table is made: a --map that names no column is exit 2 with nothing sent.
    mappings = planMappings(head, columns.map((c) => c.name), maps, table);
    create = columns.map(({ name: n, dataType }) => ({ name: n, dataType }));
    if (!http.localGateway) {
      made = await createOrReuse(http, projectId, table).catch(async (error: unknown) => {
        throw await existsHint(http, projectId, error, table);
      });
      await addColumns(http, projectId, table, create);
    }
  } else {
    // A dry run that may not read assumes the table's columns are the file's.
    const columns = http.readsNothing ? (head.header ?? []) : (await listColumns(http, projectId, table).catch((error: unknown) => missingTableHint(http, projectId, table, error))).map((c) => c.name);
    if (maps.length === 0) checkDelimiter(columns);
    mappings = planMappings(head, columns, maps, table);
  }

  const request = { mappings, containsHeader: opts.header, ...(create && http.localGateway ? { create } : {}) };
  const { transferProgress, size } = await import('../../transfer/progress.js');
  const progress = transferProgress(ctx, `uploading ${source.label}`, source.size);
  let job: ImportJob | undefined;
  try {
    const { importCsv } = await import('../../api/imports.js');
    job = await importCsv(http, projectId, table, request, {
      filename: source.filename,
      data: asCommaSeparated(source.bytes(), delimiter),
      shown: `${source.label}${source.size === undefined ? '' : ` (${size(source.size)})`}`,
      onBytes: (n) => progress.add(n),
      onSent: () => progress.phase(`importing into ${table}`),
    });
  } catch (error) {
    progress.stop();
    // Also after Ctrl-C: the table made for this import goes, by requests Ctrl-C does not stop.
    if (made && !http.dryRun) await undoCreate(ctx, () => deleteTable(http.detached(), projectId, table), table);
    const asWritten = delimiter === ',' ? error : await (await import('../../transfer/line-text.js')).quotingLineAsWritten(error, source.path);
    throw opts.create ? typedHint(await existsHint(http, projectId, asWritten, table), table, create ?? []) : asWritten;
  }
  progress.stop();
  if (!job) return;
  // The import answers its job once it has run: one that failed is refused, as the local gateway's 400 is.
  if (/^(FAILED|ERROR|CANCELL?ED)$/i.test(job.status)) {
    if (made) await undoCreate(ctx, () => deleteTable(http.detached(), projectId, table), table);
    const reason = [job.result.error, job.result.message].find((v) => typeof v === 'string' && v !== '');
    throw new DgwError('rejected', `the service reports the import into ${table} ${job.status}${reason ? `: ${reason}` : ''}`);
  }
  const rows = job.rowCount === null ? 'the rows' : `${job.rowCount} row${job.rowCount === 1 ? '' : 's'}`;
  ctx.out.result({ table, ...job } satisfies ImportResult, job.id || table);
  ctx.out.success(`imported ${rows} into ${table}${opts.create ? ' (created)' : ''}`);
}

/** `--create` of a table that exists: its rows go in without --create. */
const existsHint = (http: Http, projectId: string, error: unknown, table: string) =>
  takenHint(error, async () => ((await tableNamed(http, projectId, table, 'table')) ? `to add the rows to table ${table}, leave out --create` : undefined));

/** A row that does not fit the type --create gave its column from the first rows: the hint makes the table with that column as text, to import into. */
function typedHint(error: unknown, table: string, columns: Array<{ name: string; dataType: ColumnDataType }>): unknown {
  const column = error instanceof DgwError && !error.hint ? /in column "(.*)" is not an? /.exec(error.message)?.[1] : undefined;
  const typed = columns.find((c) => c.name === column);
  if (!(error instanceof DgwError) || !typed) return error;
  const flags = columns.length <= 10 ? columns.map((c) => `--column ${shellWord(`${c.name}:${c === typed ? 'VARCHAR' : c.dataType}`)}`).join(' ') : `--column ${shellWord(`${typed.name}:VARCHAR`)} ...`;
  const hint = `--create typed ${typed.name} as ${typed.dataType} from the file's first rows; to choose the types, make the table first, then import without --create: dgw table create ${shellWord(table)} ${flags}`;
  return new DgwError(error.kind, error.message, { status: error.status, errorCode: error.errorCode, hint });
}

/** A columnless table of that name is one a stopped run left (it holds no rows), so it is reused; any other is a conflict. */
async function createOrReuse(http: Http, projectId: string, table: string): Promise<boolean> {
  try {
    await createTable(http, projectId, table);
    return true;
  } catch (error) {
    if (!(error instanceof DgwError && error.kind === 'conflict') || http.dryRun) throw error;
    if ((await listColumns(http, projectId, table)).length > 0) throw error;
    return true;
  }
}

/** `--create` made the table for an import that failed: it goes, so nothing is left of the attempt. */
async function undoCreate(ctx: Context, remove: () => Promise<void>, table: string): Promise<void> {
  try {
    await remove();
  } catch (error) {
    ctx.out.warn(`table ${table} was created for this import and could not be removed (${error instanceof DgwError ? error.message : String(error)}); remove it with \`dgw table rm ${table}\``);
  }
}

/** `table import people.csv people`: the file came first. Said outright, rather than only that "people" is no file. */
function swappedHint(ctx: Context, error: unknown, table: string, file: string): unknown {
  const tableIsAFile = statSync(path.resolve(ctx.cwd, table), { throwIfNoEntry: false })?.isFile() === true;
  if (!(error instanceof UsageError) || !tableIsAFile) return error;
  return new UsageError(error.message, `the table comes first, then the file: \`dgw table import ${shellWord(file)} ${shellWord(table)}\`, with the same options`);
}

/** A table that is not there: `--create` makes it; a BI table of that name is no stored table: said, with where its rows go. */
async function missingTableHint(http: Http, projectId: string, table: string, error: unknown): Promise<never> {
  // A project that is not there is no table to create.
  if (!(error instanceof DgwError && error.kind === 'not_found') || /\bproject\b[^;]*\bnot found/i.test(error.message)) throw error;
  const bi = await listBiTables(http, projectId).catch(() => []);
  const hint = bi.some((t) => t.tableName === table)
    ? `${table} is a BI table: import loads stored tables; add its rows with \`dgw sql "INSERT INTO svc.bitable.${table} SELECT ..."\``
    : `add --create to make table ${table} from the file`;
  throw new DgwError('not_found', error.message, { status: error.status, errorCode: error.errorCode, hint });
}
