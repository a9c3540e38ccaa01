import type { Command } from 'commander';
import { cancelExport, readExport } from '../../api/exports.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import type { ExportCancelled } from '../../contract/results.js';
import { examples, type Wiring } from '../wiring.js';

export function registerExportCancel(parent: Command, wiring: Wiring): void {
  parent
    .command('cancel')
    .argument('<id>', 'export job id')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Cancel a pending or running export (its partial files are removed); a finished one is left as it is')
    .addHelpText('after', examples('dgw export cancel "$(dgw query export revenuereport --no-wait)"'))
    .action(wiring.action(runExportCancel));
}

export async function runExportCancel(ctx: Context, id: string, opts: { dryRun?: boolean }): Promise<void> {
  checkSegment(id, 'ID');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  await cancelExport(http, projectId, id);
  if (opts.dryRun) return;
  // The answer (204) does not say whether the job was still running: its status does.
  const status = await readExport(http, projectId, id).then((job) => job.status, () => null);
  const ended = status !== null && ENDED.includes(status);
  ctx.out.result({ id, cancelled: !ended, status } satisfies ExportCancelled, id);
  if (ended) ctx.out.note(`export ${id} had already ended ${status}: nothing was cancelled`);
  else ctx.out.success(status === 'CANCELLED' ? `cancelled export ${id}` : `export ${id}: cancel sent${status ? ` (status ${status}; see \`dgw export get ${id}\`)` : ''}`);
}

const ENDED = ['SUCCEEDED', 'FAILED', 'EXPIRED'];
