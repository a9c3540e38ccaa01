import type { Command } from 'commander';
import { listCatalogs, listSchemas, searchCatalogs } from '../../api/catalogs.js';
import type { SearchMatch, SearchRequest } from '../../api/types.js';
import type { Context } from '../../context.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';
import type { Column } from '../../output/format.js';
import { examples, wholeNumber, type Wiring } from '../wiring.js';

export interface CatalogSearchOptions {
  catalog?: string;
  schema?: string;
  limit?: string;
  offset?: string;
}

const COLUMNS: Column<SearchMatch>[] = [
  { field: 'kind' },
  { field: 'catalog', kind: 'key' },
  { field: 'schema' },
  { field: 'table', kind: 'key' },
];

export function registerCatalogSearch(parent: Command, wiring: Wiring): void {
  parent
    .command('search')
    .argument('<text>', 'what names contain (case ignored)')
    .option('--catalog <name>', 'only under this catalog (its SQL name)')
    .option('--schema <name>', 'only under this schema')
    .option('-L, --limit <n>', 'at most this many matches (the service\'s default: 100)')
    .option('--offset <n>', 'skip this many matches first (a later page)')
    .description('Find catalogs, schemas and tables whose names contain a text')
    .addHelpText('after', examples('dgw catalog search order', 'dgw catalog search cust --catalog svc --json'))
    .action(wiring.action(runCatalogSearch));
}

export async function runCatalogSearch(ctx: Context, text: string, opts: CatalogSearchOptions): Promise<void> {
  if (!text.trim()) throw new UsageError('TEXT must not be empty');
  for (const [flag, value] of [['--catalog', opts.catalog], ['--schema', opts.schema]]) if (value?.trim() === '') throw new UsageError(`${flag} must not be empty`);
  const request: SearchRequest = { query: text };
  if (opts.catalog) request.catalog = opts.catalog;
  if (opts.schema) request.schema = opts.schema;
  if (opts.limit !== undefined) request.limit = wholeNumber(opts.limit, '--limit');
  if (opts.offset !== undefined) request.offset = wholeNumber(opts.offset, '--offset', 0);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const found = await searchCatalogs(http, projectId, request);
  if (opts.catalog && found.matches.length === 0) {
    const catalogs = await listCatalogs(http, projectId);
    const names = catalogs.map((c) => c.name);
    if (!names.includes(opts.catalog)) throw new NotFoundError(`no catalog named "${opts.catalog}"${didYouMean(opts.catalog, names)}`);
    const schemas = opts.schema ? (await Promise.all(catalogs.filter((c) => c.name === opts.catalog).map((c) => listSchemas(http, projectId, c.id)))).flat().map((s) => s.schemaName) : [];
    if (opts.schema && !schemas.includes(opts.schema)) throw new NotFoundError(`catalog ${opts.catalog} has no schema ${opts.schema}${didYouMean(opts.schema, schemas)}`);
  }
  await ctx.out.list(found.matches, COLUMNS, (m) => [m.catalog, m.schema, m.table].filter((x) => x !== null).join('.'));
  for (const name of found.unsearched) ctx.out.warn(`catalog ${name} was not searched: its connection did not open (\`dgw catalog schemas ${name}\` says why)`);
  if (found.nextOffset !== null && found.nextOffset > (request.offset ?? 0)) ctx.out.note(`more matches: add --offset ${found.nextOffset}`);
}
