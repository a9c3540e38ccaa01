import type { Command } from 'commander';
import { exportTable } from '../../api/exports.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { Context } from '../../context.js';
import { addExportOptions, EXPORT_HELP, type ExportOptions } from '../export-options.js';
import { examples, type Wiring } from '../wiring.js';
import { placeArguments, placeNames } from './place.js';

export function registerCatalogExport(parent: Command, wiring: Wiring): void {
  addExportOptions(placeArguments(parent.command('export'), 3))
    .description('Export all rows of a table of a catalog to a file (CSV or JSON Lines), through the service\'s export job')
    .addHelpText(
      'after',
      `${examples(
        'dgw catalog export svc.table.orders -o all-orders.csv',
        'dgw catalog export svc.table.customers --format jsonl --gzip -o customers.jsonl.gz',
        'dgw catalog export svc.table.orders --columns order_id,amount --limit 10 > sample.csv',
      )}
${EXPORT_HELP}A stored table is svc.table.NAME; a connected source's tables are listed by
\`dgw catalog tables CATALOG.SCHEMA\`.
`,
    )
    .action(wiring.action(runCatalogExport, { fileFormat: true, variant: (_c, _s, _t, opts) => (opts.wait ? 'record' : 'started') }));
}

export async function runCatalogExport(ctx: Context, catalog: string, schema: string | undefined, table: string | undefined, opts: ExportOptions): Promise<void> {
  const names = placeNames([catalog, schema, table], 3);
  const { runExport } = await import('../export/run-export.js');
  await runExport(ctx, names.join('.'), opts, async (http, projectId, body) => {
    const catalogId = await resolveCatalogId(http, projectId, names[0], (m) => ctx.out.note(m), names[1]);
    return exportTable(http, projectId, { catalogId, schema: names[1], table: names[2] }, body);
  });
}
