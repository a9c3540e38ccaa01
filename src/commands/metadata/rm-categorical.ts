import { Argument, type Command } from 'commander';
import { deleteCategorical } from '../../api/metadata.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import type { CategoricalRemoved } from '../../contract/results.js';
import { reportChange } from '../confirm.js';
import { catalogPath } from '../catalog-path.js';
import { examples, type Wiring } from '../wiring.js';

export function registerMetadataRmCategorical(parent: Command, wiring: Wiring): void {
  parent
    .command('rm-categorical')
    .addArgument(completes(new Argument('<column>', 'catalog.schema.table.column (the catalog by id or name)'), 'catalog'))
    .option('--dry-run', 'print the request instead of sending it')
    .description("Forget a column's categorical values (and the service's schedule counting them)")
    .addHelpText('after', examples('dgw metadata rm-categorical svc.table.orders.status --dry-run', 'dgw metadata rm-categorical 1.table.orders.status --json'))
    .action(wiring.action(async (ctx: Context, column: string, opts: { dryRun?: boolean }) => {
      const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
      const at = await catalogPath(ctx, http, projectId, column, 'COLUMN', true);
      await deleteCategorical(http, projectId, at);
      reportChange(ctx, opts, { column, deleted: true } satisfies CategoricalRemoved, column, `forgot the categorical values of ${at.table}.${at.column}`);
    }));
}
