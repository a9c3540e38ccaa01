import { Argument, type Command } from 'commander';
import { shareSemanticCatalog } from '../../api/semantic-catalogs.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import type { SemanticCatalogShared } from '../../contract/results.js';
import { checkNameArgument } from '../name-argument.js';
import { reportChange } from '../confirm.js';
import { catalogIdOf } from '../catalog-path.js';
import { examples, type Wiring } from '../wiring.js';

export function registerSemanticShare(parent: Command, wiring: Wiring): void {
  parent
    .command('share')
    .addArgument(completes(new Argument('<catalog>', 'the semantic catalog (id or name)'), 'catalog'))
    .argument('<project>', 'the project that may read it (its id)')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Let another project read a semantic catalog (hosted service only)')
    .addHelpText(
      'after',
      `${examples('dgw semantic-catalog share reporting MQtMNNBY --dry-run')}
Each local project is a database of its own, so the local gateway cannot give another project's
SQL this one's saved queries: it answers 501 and dgw exits 15 saying so.
`,
    )
    .action(wiring.action(async (ctx: Context, catalog: string, target: string, opts: { dryRun?: boolean }) => {
      checkNameArgument(catalog, 'CATALOG');
      checkNameArgument(target, 'PROJECT');
      const projectId = await ctx.projectId();
      const http = await ctx.http({ dryRun: opts.dryRun });
      const catalogId = await catalogIdOf(ctx, http, projectId, catalog);
      await shareSemanticCatalog(http, projectId, catalogId, target);
      reportChange(ctx, opts, { catalogId, targetProjectId: target, shared: true } satisfies SemanticCatalogShared, catalogId, `shared semantic catalog ${catalog} with project ${target}`);
    }));
}
