import { Argument, type Command } from 'commander';
import { createCatalog } from '../../api/catalogs.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { CATALOG_COLUMNS } from '../catalog-columns.js';

export interface CatalogCreateOptions {
  extra?: string;
  dryRun?: boolean;
}

export function registerCatalogCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .argument('<name>', 'a name for the catalog, as SQL will name it')
    .addArgument(completes(new Argument('<connection>', 'the connection it reads: id or name'), 'connection'))
    .option('--extra <file>', 'extra parameters some types need (the sheets of a spreadsheet), a JSON object from a file or - for stdin')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Make a catalog of a connection, so SQL can read its tables as catalog.schema.table')
    .addHelpText(
      'after',
      `${examples('dgw catalog create sales2 sales --dry-run', 'dgw catalog create sheets my-sheets --extra sheets.json')}
The local gateway makes one catalog per connection, with the connection and named after it; this
gives that catalog its name instead, once (SQL then reads it by the new name).
`,
    )
    .action(wiring.action(runCatalogCreate));
}

export async function runCatalogCreate(ctx: Context, name: string, connection: string, opts: CatalogCreateOptions): Promise<void> {
  checkNameArgument(name, 'NAME');
  checkNameArgument(connection, 'CONNECTION');
  const extraParameters = opts.extra === undefined ? undefined : parseExtra(await (await import('../read-source.js')).readSource(ctx, opts.extra, '--extra'));
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  // Loaded here only: the other catalog verbs need nothing of connections.
  const { resolveConnectionId } = await import('../../api/connections.js');
  const connectionId = await resolveConnectionId(http, projectId, connection);
  const catalog = await createCatalog(http, projectId, { name, connectionId, ...(extraParameters ? { extraParameters } : {}) });
  if (opts.dryRun) return;
  await ctx.out.record(catalog, CATALOG_COLUMNS, (c) => c.id);
  ctx.out.success(`created catalog ${catalog.name} (id ${catalog.id})`);
}

function parseExtra(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--extra: not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--extra: must be one JSON object');
  return value as Record<string, unknown>;
}
