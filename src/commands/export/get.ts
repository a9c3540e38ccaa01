import type { Command } from 'commander';
import { readExport } from '../../api/exports.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { EXPORT_FIELDS } from './columns.js';
import { finished } from './wait.js';

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
With -o, a job still running is exit 5 (try again when it is done), one that failed or was
cancelled exit 10 (13 when the local gateway's disk was full), one whose files expired exit 4. With -o FILE and --json, the job is printed
once its files are downloaded (-o - is refused with --json: stdout holds the data).
`,
    )
    .action(wiring.action(runExportGet));
}

export async function runExportGet(ctx: Context, id: string, opts: ExportGetOptions): Promise<void> {
  checkSegment(id, 'ID');
  const [{ destinationOf, downloadExport }] = await Promise.all([import('../../transfer/download.js')]);
  const destination = opts.output === undefined ? undefined : await destinationOf(ctx, opts.output);
  // -o /dev/stdout is stdout too.
  if (ctx.out.json && destination && 'stdout' in destination) throw new UsageError('--json prints the export job: give -o FILE for the data');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const job = await readExport(http, projectId, id);
  if (!destination) {
    await ctx.out.record(job, EXPORT_FIELDS, (e) => e.id);
    return;
  }
  if (job.status === 'PENDING' || job.status === 'RUNNING') throw new DgwError('conflict', `export ${id} is ${job.status}: it has no files yet`, { hint: 'try again when it is done (`dgw export get ID` shows its status)' });
  const bytes = await downloadExport(ctx, http, finished(job, http.localGateway), destination, () => readExport(http, projectId, id));
  if (ctx.out.json) await ctx.out.record(job, EXPORT_FIELDS, (e) => e.id);
  ctx.out.success(`downloaded export ${id}: ${bytes} bytes${'stdout' in destination ? '' : ` to ${opts.output}`}`);
}
