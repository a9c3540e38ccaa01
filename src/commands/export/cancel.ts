import type { Command } from 'commander';
import { cancelExport } from '../../api/exports.js';
import { checkSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import type { ExportCancelled } from '../../contract/results.js';
import { reportChange } from '../confirm.js';
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
  reportChange(ctx, opts, { id, cancelled: true } satisfies ExportCancelled, id, `export ${id}: cancelled (if it was still running)`);
}
