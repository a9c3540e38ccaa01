import { Argument, type Command } from 'commander';
import { exportQuery } from '../../api/exports.js';
import { checkNameArgument } from '../name-argument.js';
import { resolveQueryIds } from '../../api/resolve.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { addExportOptions, EXPORT_HELP, type ExportOptions } from '../export-options.js';
import { runExport } from '../export/run-export.js';
import { examples, type Wiring } from '../wiring.js';

export function registerQueryExport(parent: Command, wiring: Wiring): void {
  addExportOptions(parent.command('export').addArgument(completes(new Argument('<query>', 'query id or SQL name'), 'query')))
    .description('Export all rows of a saved query to a file (CSV or JSON Lines), through the service\'s export job')
    .addHelpText(
      'after',
      `${examples(
        'dgw query export revenuereport -o revenue.csv',
        'dgw query export revenuereport --format jsonl --gzip -o revenue.jsonl.gz',
        'dgw query export revenuebycustomer --columns customer_id,revenue > revenue.csv',
        'dgw query export revenuereport --limit 100 -o sample.csv',
        'dgw query export revenuereport --no-wait            # prints the job id',
      )}
${EXPORT_HELP}A table of a catalog is exported by \`dgw catalog export\`.
`,
    )
    .action(wiring.action(runQueryExport, { fileFormat: true, variant: (_ref, opts) => (opts.wait ? 'record' : 'started') }));
}

export async function runQueryExport(ctx: Context, ref: string, opts: ExportOptions): Promise<void> {
  checkNameArgument(ref, 'QUERY');
  await runExport(ctx, ref, opts, async (http, projectId, body) => {
    const [id] = await resolveQueryIds(http, projectId, [ref]);
    return exportQuery(http, projectId, id, body);
  });
}
