import { readExport } from '../../api/exports.js';
import type { Http } from '../../api/http.js';
import type { ExportRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import type { ExportStarted } from '../../contract/results.js';
import { UsageError } from '../../errors.js';
import { EXPORT_FIELDS } from './columns.js';
import { goesOn, waitForExport } from './wait.js';
import type { ExportOptions } from '../export-options.js';

/** Sends the export request of one command (after any lookup a name needs); undefined on a dry run. */
export type StartExport = (http: Http, projectId: string, body: ExportRequest) => Promise<{ id: string; status: string } | undefined>;

/** Starts an export of `what` by `start`, then (unless --no-wait) waits for it and downloads its file to -o or stdout. */
export async function runExport(ctx: Context, what: string, opts: ExportOptions, start: StartExport): Promise<void> {
  const body = exportBody(opts);
  // Without the wait there is no file to write: -o would be dropped while the export is said to have started.
  if (!opts.wait && opts.output !== undefined) throw new UsageError('-o does not go with --no-wait: get the file later with `dgw export get ID -o FILE`');
  const wantsJob = ctx.globals.json !== undefined || ctx.globals.jq !== undefined;
  const [{ destinationOf, downloadExport }, { transferProgress }] = await Promise.all([import('../../transfer/download.js'), import('../../transfer/progress.js')]);
  const destination = opts.wait ? await destinationOf(ctx, opts.output) : undefined;
  // -o /dev/stdout is stdout too.
  if (wantsJob && destination && 'stdout' in destination && !opts.dryRun) throw new UsageError('--json prints the export job: give -o FILE for the data (or --no-wait)');
  if (opts.output !== undefined && destination && !('stdout' in destination)) warnOfName(ctx, opts.output, body.format, opts.gzip === true);
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const job = await start(http, projectId, body);
  if (!job) return;
  if (!opts.wait) {
    if (wantsJob) ctx.out.value(job satisfies ExportStarted, job.id);
    else ctx.io.stdout.write(`${job.id}\n`);
    ctx.out.note(`export ${job.id} started; get its file with \`dgw export get ${job.id} -o FILE\``);
    return;
  }
  const progress = transferProgress(ctx, `downloading the export of ${what}`);
  try {
    progress.phase(`exporting ${what}: ${job.status}`);
    const done = await waitForExport(ctx, http, projectId, job.id, (j) => progress.phase(`exporting ${what}: ${j.status}`)).catch((error: unknown) => {
      if (http.inProcess) throw error;
      return goesOn(job.id, error);
    });
    progress.phase('');
    const bytes = await downloadExport(ctx, http, done, destination!, () => readExport(http, projectId, job.id), { onBytes: (n) => progress.add(n) });
    progress.stop();
    if (wantsJob) await ctx.out.record(done, EXPORT_FIELDS, (e) => e.id);
    const rows = done.rowCount === null ? '' : `${done.rowCount} row${done.rowCount === 1 ? '' : 's'}, `;
    ctx.out.success(`exported ${what}: ${rows}${bytes} bytes${'stdout' in destination! ? '' : ` to ${opts.output}`}`);
  } finally {
    progress.stop();
  }
}

/** A file name that says the other thing than its bytes will be (`x.csv` holding gzip, `x.jsonl` holding CSV) is written as asked, with a word. */
function warnOfName(ctx: Context, output: string, format: ExportRequest['format'], gzip: boolean): void {
  const named = /\.gz$/i.test(output);
  if (gzip && !named) ctx.out.warn(`--gzip writes gzip-compressed bytes to ${output}, whose name does not end in .gz`);
  if (!gzip && named) ctx.out.warn(`${output} ends in .gz but holds uncompressed text (add --gzip to compress it)`);
  const extension = /\.([a-z0-9]+)(?:\.gz)?$/i.exec(output)?.[1]?.toLowerCase();
  const says = extension === 'csv' ? 'CSV' : ['jsonl', 'ndjson', 'json'].includes(extension ?? '') ? 'JSONL' : undefined;
  const holds = format === 'CSV' ? 'CSV' : 'JSON lines';
  if (says !== undefined && says !== format) ctx.out.warn(`${output} is named for ${says === 'CSV' ? 'CSV' : 'JSON'} but holds ${holds} (add --format ${says === 'CSV' ? 'csv' : 'jsonl'})`);
  if (says === undefined && extension !== undefined && !['gz', 'txt', 'out'].includes(extension)) ctx.out.warn(`an export is CSV or JSON lines: ${output} holds ${holds}`);
}

/** The export request from the flags: `--format csv|jsonl` (the global flag), `--gzip`, `--columns`. */
function exportBody(opts: ExportOptions): ExportRequest {
  const format = (opts.format ?? 'csv').toLowerCase();
  if (format !== 'csv' && format !== 'jsonl') throw new UsageError(`--format ${opts.format}: an export is csv or jsonl`);
  const body: ExportRequest = { format: format === 'csv' ? 'CSV' : 'JSONL' };
  if (opts.gzip) body.compression = 'GZIP';
  if (opts.columns !== undefined) {
    const columns = columnNames(opts.columns);
    if (!columns) throw new UsageError(`--columns: "${opts.columns}" is not a list of names: one holding a comma or a quote goes in double quotes, a quote inside doubled ("city, state","say ""hi""")`);
    if (columns.some((c) => c === '')) throw new UsageError(`--columns: "${opts.columns}" has an empty column name; list them as a,b,c`);
    const twice = columns.find((c, i) => columns.findIndex((o) => o.toLowerCase() === c.toLowerCase()) !== i);
    if (twice !== undefined) throw new UsageError(`--columns: "${opts.columns}" names ${twice} twice; a file's header names each column once`);
    body.columns = columns;
  }
  if (opts.limit !== undefined) {
    // The service clamps a limit to this range without saying so: one outside it is refused here.
    if (!/^\d+$/.test(opts.limit) || Number(opts.limit) < 1 || Number(opts.limit) > 1_000_000) throw new UsageError(`--limit: "${opts.limit}" is not a row count from 1 to 1000000`);
    body.limit = Number(opts.limit);
  }
  return body;
}

/** The names of a comma-separated list, spaces around each dropped; one in double quotes may hold commas, and quotes doubled. Undefined when a quote is out of place. */
function columnNames(list: string): string[] | undefined {
  const name = /\s*(?:"((?:[^"]|"")*)"|([^,"]*?))\s*(,|$)/y;
  const names: string[] = [];
  for (;;) {
    const m = name.exec(list);
    if (!m) return undefined;
    names.push(m[1] === undefined ? m[2]! : m[1].replace(/""/g, '"'));
    if (m[3] === '') return names;
  }
}
