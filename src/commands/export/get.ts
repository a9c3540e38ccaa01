import type { Command } from 'commander';
import { readExport } from '../../api/exports.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Http } from '../../api/http.js';
import type { ExportJob } from '../../api/types.js';
import { examples, type Wiring } from '../wiring.js';
import { EXPORT_FIELDS } from './columns.js';
import { finished, goesOn, waitForExport } from './wait.js';

const RUNNING = new Set(['PENDING', 'RUNNING']);

export interface ExportGetOptions {
  output?: string;
}

export function registerExportGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .argument('<id>', 'export job id')
    .option('-o, --output <file>', 'download the export\'s file(s) here (- for stdout) instead of showing the job')
    .description('Show an export job (its status, rows, files and fresh download links), or download its files')
    .addHelpText(
      'after',
      `${examples(
        'dgw export get "$(dgw export list -q --limit 1)"   # the newest export job',
        'dgw export get "$(dgw export list -q --limit 1)" -o revenue.csv',
        'dgw export get "$(dgw export list -q --limit 1)" --json files',
      )}
With -o, a job still running is waited for (--timeout bounds the wait; Ctrl-C stops waiting, the
export goes on), one that failed or was cancelled is exit 10 (13 when the local gateway's disk was
full), one whose files expired exit 4. With -o FILE and --json, the job is printed once its files
are downloaded (-o - is refused with --json: stdout holds the data).
`,
    )
    .action(wiring.action(runExportGet));
}

export async function runExportGet(ctx: Context, id: string, opts: ExportGetOptions): Promise<void> {
  checkSegment(id, 'ID');
  const { destinationOf, downloadExport } = await import('../../transfer/download.js');
  const destination = opts.output === undefined ? undefined : await destinationOf(ctx, opts.output);
  // -o /dev/stdout is stdout too.
  if (ctx.out.json && destination && 'stdout' in destination) throw new UsageError('--json prints the export job: give -o FILE for the data');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const job = await readExport(http, projectId, id);
  if (!destination) {
    await ctx.out.record(job, EXPORT_FIELDS, (e) => e.id);
    return;
  }
  const done = RUNNING.has(job.status) ? await waitForFiles(ctx, http, projectId, job) : finished(job, http.localGateway);
  if ('file' in destination && done.compression.toUpperCase() === 'GZIP' && !/\.gz$/i.test(destination.file)) ctx.out.warn(`export ${id} is gzip-compressed: its bytes go to ${opts.output}, whose name does not end in .gz`);
  const bytes = await downloadExport(ctx, http, done, destination, () => readExport(http, projectId, id));
  if (ctx.out.json) await ctx.out.record(done, EXPORT_FIELDS, (e) => e.id);
  ctx.out.success(`downloaded export ${id}: ${bytes} bytes${'stdout' in destination ? '' : ` to ${opts.output}`}`);
}

/** A job still running is waited for, as `query export` waits; giving up leaves it running. */
async function waitForFiles(ctx: Context, http: Http, projectId: string, job: ExportJob): Promise<ExportJob> {
  const { transferProgress } = await import('../../transfer/progress.js');
  const progress = transferProgress(ctx, `waiting for export ${job.id}`);
  try {
    progress.phase(`export ${job.id}: ${job.status}`);
    return await waitForExport(ctx, http, projectId, job.id, (j) => progress.phase(`export ${job.id}: ${j.status}`)).catch((error: unknown) => goesOn(job.id, error));
  } finally {
    progress.stop();
  }
}
