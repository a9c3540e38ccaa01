import { Argument, type Command } from 'commander';
import { deleteCatalog } from '../../api/catalogs.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { completes } from '../../completion/kinds.js';
import type { CatalogDeleted } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { confirmForProject, reportChange, type ConfirmOptions } from '../confirm.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';

export function registerCatalogRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .addArgument(completes(new Argument('<catalog>', 'catalog id or name'), 'catalog'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Delete a catalog; SQL reading it fails from then on')
    .addHelpText(
      'after',
      `${examples('dgw catalog rm sales2', 'dgw catalog rm sales2 --yes --dry-run')}
The hosted service keeps the connection. On the local gateway a catalog is its connection's only
one, so the connection goes too (as \`dgw connection rm\`); the built-in catalogs cannot go.
`,
    )
    .action(wiring.action(runCatalogRm));
}

export async function runCatalogRm(ctx: Context, ref: string, opts: ConfirmOptions): Promise<void> {
  checkNameArgument(ref, 'CATALOG');
  const question = (project: string) => `delete catalog ${ref} of project ${project}`;
  const { http, projectId, found: id } = await confirmForProject(ctx, question, opts, (http, projectId) => resolveCatalogId(http, projectId, ref, (m) => ctx.out.note(m)));
  await deleteCatalog(http, projectId, id);
  reportChange(ctx, opts, { id, deleted: true } satisfies CatalogDeleted, id, `deleted catalog ${ref}`);
}
