import { Option, type Command } from 'commander';
import { getMetadata } from '../../api/metadata.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { TABLE_COLUMNS, tableKey } from './columns.js';

/** Options of `metadata get`. */
export interface MetadataGetOptions {
  catalog?: string;
  schema?: string;
}

export function registerMetadataGet(parent: Command, wiring: Wiring): void {
  parent
    .command('get')
    .addOption(completes(new Option('--catalog <catalog>', 'only this catalog (id or name)'), 'catalog'))
    .option('--schema <schema>', 'only this schema of the catalog (needs --catalog)')
    .description("Show the tables of the project's catalogs with their columns, as the last metadata refresh saw them")
    .addHelpText(
      'after',
      `${examples('dgw metadata get', 'dgw metadata get --catalog 1 --schema table --json tableName,columns')}
A catalog never refreshed is refreshed first on the local gateway; after a change, run
\`dgw metadata refresh --wait\` to see it here.
`,
    )
    .action(wiring.action(runMetadataGet));
}

export async function runMetadataGet(ctx: Context, opts: MetadataGetOptions): Promise<void> {
  if (opts.schema !== undefined && opts.catalog === undefined) throw new UsageError('--schema needs --catalog: name the catalog the schema is in');
  if (opts.catalog !== undefined) checkNameArgument(opts.catalog, '--catalog');
  if (opts.schema !== undefined) checkNameArgument(opts.schema, '--schema');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const catalogId = opts.catalog === undefined ? undefined : await resolveCatalogId(http, projectId, opts.catalog, (m) => ctx.out.note(m), opts.schema);
  const { tables } = await getMetadata(http, projectId, { catalogId, schemaName: opts.schema });
  await ctx.out.list(tables, TABLE_COLUMNS, tableKey);
}
