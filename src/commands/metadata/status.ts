import { Argument, type Command } from 'commander';
import { getMetadataStatus, type MetadataStatusRecord } from '../../api/metadata.js';
import { listCatalogs } from '../../api/catalogs.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { STATUS_COLUMNS, statusKey } from './columns.js';

export function registerMetadataStatus(parent: Command, wiring: Wiring): void {
  parent
    .command('status')
    .addArgument(completes(new Argument('[catalog]', 'catalog id or name (default: every catalog)'), 'catalog'))
    .description("Show how each catalog's last metadata refresh stands: ACTIVE, COMPLETED, FAILED or NOT_ACTIVE")
    .addHelpText('after', examples('dgw metadata status', 'dgw metadata status 1 --json status,refreshedAt'))
    .action(wiring.action(runMetadataStatus));
}

export async function runMetadataStatus(ctx: Context, catalog: string | undefined, _opts: object): Promise<void> {
  if (catalog !== undefined) checkNameArgument(catalog, 'CATALOG');
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const ids = catalog === undefined ? (await listCatalogs(http, projectId)).map((c) => c.id) : [await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m))];
  const statuses: MetadataStatusRecord[] = [];
  for (const id of ids) statuses.push(await getMetadataStatus(http, projectId, id));
  await ctx.out.list(statuses, STATUS_COLUMNS, statusKey);
}
