import { Argument, type Command } from 'commander';
import { resolveQueryIds } from '../../api/resolve.js';
import { addSemanticTable, type SemanticTableRecord } from '../../api/semantic-catalogs.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { catalogIdOf } from '../catalog-path.js';
import { examples, type Wiring } from '../wiring.js';
import { SEMANTIC_TABLE_COLUMNS } from './columns.js';

export function registerSemanticAddTable(parent: Command, wiring: Wiring): void {
  parent
    .command('add-table')
    .addArgument(completes(new Argument('<catalog>', 'the semantic catalog (id or name)'), 'catalog'))
    .addArgument(completes(new Argument('<query>', 'the saved query the table reads (id or name)'), 'query'))
    .requiredOption('--as <schema.table>', 'the name SQL reads it by, in the catalog')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Add a saved query to a semantic catalog as a table')
    .addHelpText(
      'after',
      `${examples('dgw semantic-catalog add-table reporting revenuereport --as finance.revenue --dry-run', 'dgw semantic-catalog add-table 140810125475723412 709922802836177297 --as main.orders --dry-run')}
SQL then reads it as reporting.finance.revenue. The table reads the query as it is each time: a
change to the query's SQL shows in the table.
`,
    )
    .action(wiring.action(async (ctx: Context, catalog: string, query: string, opts: { as: string; dryRun?: boolean }) => {
      checkNameArgument(catalog, 'CATALOG');
      checkNameArgument(query, 'QUERY');
      const parts = opts.as.split('.');
      if (parts.length !== 2 || parts.some((p) => p.trim() === '')) throw new UsageError('--as must be schema.table, e.g. finance.revenue');
      parts.forEach((p, i) => checkNameArgument(p, i === 0 ? "--as's schema" : "--as's table"));
      const [schemaName, tableName] = parts;
      const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
      const catalogId = await catalogIdOf(ctx, http, projectId, catalog);
      const [queryId] = await resolveQueryIds(http, projectId, [query]);
      const added = await addSemanticTable(http, projectId, catalogId, { schemaName, tableName, queryId });
      if (opts.dryRun) return;
      const shown: SemanticTableRecord = added ?? { tableId: '', catalogId, catalogName: catalog, schemaName, tableName };
      await ctx.out.record(shown, SEMANTIC_TABLE_COLUMNS, (t) => t.tableId);
      ctx.out.success(`added ${query} to ${shown.catalogName || catalog} as ${schemaName}.${tableName}`);
    }));
}
