import type { Command } from 'commander';
import { createSemanticCatalog } from '../../api/semantic-catalogs.js';
import type { Catalog } from '../../api/types.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { CATALOG_COLUMNS } from '../catalog-columns.js';
import { examples, type Wiring } from '../wiring.js';

export function registerSemanticCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<name>', "the catalog's name, as SQL will name it (the name rule: lower case, letters, digits and _)")
    .option('--dry-run', 'print the request instead of sending it')
    .description('Make a semantic catalog; add saved queries to it as tables with add-table')
    .addHelpText('after', examples('dgw semantic-catalog create reporting', 'dgw semantic-catalog create marketing --json id,name'))
    .action(wiring.action(async (ctx: Context, name: string, opts: { dryRun?: boolean }) => {
      checkNameArgument(name, 'NAME');
      const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
      const made = await createSemanticCatalog(http, projectId, name);
      if (opts.dryRun) return;
      const shown: Catalog = made ?? { id: '', name, displayName: name, catalogType: 'SEMANTIC', connectionId: null };
      await ctx.out.record(shown, CATALOG_COLUMNS, (c) => c.id);
      ctx.out.success(`made semantic catalog ${shown.name}${shown.id ? ` (${shown.id})` : ''}`);
    }));
}
