import { Argument, type Command } from 'commander';
import { listSchemas } from '../../api/catalogs.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import type { CatalogSchema } from '../../api/types.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';

const COLUMNS: Column<CatalogSchema>[] = [
  { field: 'schemaName', kind: 'key' },
  { field: 'catalogName' },
  { field: 'catalogId', kind: 'id' },
];

export function registerCatalogSchemas(parent: Command, wiring: Wiring): void {
  parent
    .command('schemas')
    .addArgument(completes(new Argument('<catalog>', 'catalog id or name'), 'catalog'))
    .description('List the schemas of a catalog')
    .addHelpText('after', examples('dgw catalog schemas svc', 'dgw catalog schemas sales -q'))
    .action(wiring.action(runCatalogSchemas));
}

export async function runCatalogSchemas(ctx: Context, ref: string, _opts: object): Promise<void> {
  checkNameArgument(ref, 'CATALOG');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const schemas = await listSchemas(http, projectId, await resolveCatalogId(http, projectId, ref, (m) => ctx.out.note(m)));
  await ctx.out.list(schemas, COLUMNS, (s) => s.schemaName);
}
