import { Argument, type Command } from 'commander';
import { shareCatalog } from '../../api/catalogs.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { completes } from '../../completion/kinds.js';
import type { CatalogShared } from '../../contract/results.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { reportChange } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';

export function registerCatalogShare(parent: Command, wiring: Wiring): void {
  parent
    .command('share')
    .addArgument(completes(new Argument('<catalog>', 'catalog id or name'), 'catalog'))
    .argument('<project>', 'the project to share it with (its id)')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Share a catalog with another project, which can then read it too')
    .addHelpText(
      'after',
      `${examples('dgw catalog share sales2 demo2 --dry-run', 'dgw catalog share sales2 demo2 --json sharedCatalogId')}
On the local gateway the other project gets a copy of the connection (the same files, read-only,
the same names); a change to one later is not made to the other.
`,
    )
    .action(wiring.action(runCatalogShare));
}

export async function runCatalogShare(ctx: Context, ref: string, target: string, opts: { dryRun?: boolean }): Promise<void> {
  checkNameArgument(ref, 'CATALOG');
  checkNameArgument(target, 'PROJECT');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const id = await resolveCatalogId(http, projectId, ref, (m) => ctx.out.note(m));
  const sharedCatalogId = await shareCatalog(http, projectId, id, target);
  reportChange(ctx, opts, { catalogId: id, targetProjectId: target, sharedCatalogId } satisfies CatalogShared, sharedCatalogId ?? id, `shared catalog ${ref} with project ${target}${sharedCatalogId ? ` (its id there: ${sharedCatalogId})` : ''}`);
}
