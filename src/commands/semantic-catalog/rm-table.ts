import { Argument, type Command } from 'commander';
import type { Http } from '../../api/http.js';
import { checkSegment } from '../../api/path.js';
import { deleteSemanticTable } from '../../api/semantic-catalogs.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import type { SemanticTableDeleted } from '../../contract/results.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { catalogIdOf } from '../catalog-path.js';
import { examples, type Wiring } from '../wiring.js';

export function registerSemanticRmTable(parent: Command, wiring: Wiring): void {
  parent
    .command('rm-table')
    .addArgument(completes(new Argument('<catalog>', 'the semantic catalog (id or name)'), 'catalog'))
    .argument('<table-id>', "the table's id (add-table prints it)")
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Take a table out of a semantic catalog (its saved query stays)')
    .addHelpText('after', examples('dgw semantic-catalog rm-table reporting 729071864700308687 --yes --dry-run'))
    .action(wiring.action(async (ctx: Context, catalog: string, tableId: string, opts: ConfirmOptions) => {
      checkNameArgument(catalog, 'CATALOG');
      checkSegment(tableId, 'TABLE-ID');
      const find = (http: Http, projectId: string) => catalogIdOf(ctx, http, projectId, catalog);
      const { http, projectId, found: catalogId } = await confirmForProject(ctx, `take table ${tableId} out of semantic catalog ${catalog}`, opts, find);
      await deleteSemanticTable(http, projectId, catalogId, tableId);
      reportChange(ctx, opts, { catalogId, tableId, deleted: true } satisfies SemanticTableDeleted, tableId, `took table ${tableId} out of ${catalog}`);
    }));
}
