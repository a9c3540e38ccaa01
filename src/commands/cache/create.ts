import type { Command } from 'commander';
import { createCache, createCaches, listCacheStatuses, type CacheRequest } from '../../api/caches.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { DgwError, NetworkError, takenHint, UsageError } from '../../errors.js';
import { minIntervalFor } from '../../schedule/minimum.js';
import { examples, type Wiring } from '../wiring.js';
import { cacheFields, cacheId, sourceNames } from './columns.js';
import { addCacheScheduleFlags, cacheSchedules, type CacheScheduleFlags } from './schedule-flags.js';
import { awaitFirstCopy } from './wait.js';
import { cacheNamer } from './resolve.js';

export interface CacheCreateOptions extends CacheScheduleFlags {
  catalog: string;
  schema: string;
  batch?: boolean;
  dryRun?: boolean;
}

export function registerCacheCreate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('create')
    .argument('<table...>', 'the table to cache: TABLE (of --catalog and --schema), SCHEMA.TABLE or CATALOG.SCHEMA.TABLE; several with --batch')
    .option('--catalog <catalog>', 'the catalog of the table, by id or name', '1')
    .option('--schema <name>', 'the schema of the table', 'table')
    .option('--batch', 'cache every TABLE given, in one request; each succeeds or fails alone (exit 6 when any failed)');
  addCacheScheduleFlags(command)
    .option('--dry-run', 'print the request instead of sending it')
    .description('Cache a table: copy it into the project, where SQL reads it as svc.cache.<table>; the first copy starts at once')
    .addHelpText(
      'after',
      `${examples(
        'dgw cache create orders --every 6h --incremental-column order_id --incremental-every 1h',
        'dgw cache create --batch table.customers --cron "0 3 * * *" --tz Europe/Berlin',
        'dgw sql "SELECT count(*) FROM svc.cache.orders"',
      )}
Catalog 1 holds the project's stored tables (schema "table"), catalog 2 its saved queries (schema
"query"). The copy is svc.cache.<table> (schema_table, then catalog_schema_table when that name is
taken): SQL reads it but cannot change it; \`dgw cache get\` says which. An incremental update
appends the source's rows whose --incremental-column is past the copy's last value; without the
column only full refreshes run. On the in-process local gateway the first copy ends before dgw
does: create waits for it and says how it ended (exit 10 when it failed; Ctrl-C cancels it).
`,
    )
    .action(wiring.action(runCacheCreate, { variant: (_tables, opts) => (opts.batch ? 'batch' : 'record') }));
}

/** A TABLE argument as the document's request names it. */
export function cacheRequest(ref: string, opts: Pick<CacheCreateOptions, 'catalog' | 'schema'>): CacheRequest {
  const parts = ref.split('.');
  if (parts.some((p) => p.trim() === '') || parts.length > 3) throw new UsageError(`"${ref}" is not TABLE, SCHEMA.TABLE or CATALOG.SCHEMA.TABLE`);
  const [tableName, schemaName = opts.schema, catalogId = opts.catalog] = parts.reverse();
  if (!schemaName.trim() || !catalogId.trim()) throw new UsageError(`${catalogId.trim() ? '--schema' : '--catalog'} must not be empty`);
  return { catalogId, schemaName, tableName };
}

export async function runCacheCreate(ctx: Context, tables: string[], opts: CacheCreateOptions): Promise<void> {
  if (tables.length > 1 && !opts.batch) throw new UsageError('one TABLE at a time, or several with --batch');
  if (opts.batch && opts.incrementalColumn !== undefined) throw new UsageError('--incremental-column does not go with --batch: set it afterwards with `dgw cache update TABLE --incremental-column COLUMN`');
  const [http, projectId] = await Promise.all([ctx.http({ dryRun: opts.dryRun }), ctx.projectId()]);
  const schedules = cacheSchedules(opts, await minIntervalFor(ctx), !http.hostedService);
  const requests = tables.map((t) => ({ ...cacheRequest(t, opts), ...schedules }));
  if (!http.hostedService && schedules.incrementalCacheSchedule && schedules.incrementalCacheSchedule.type !== 'NONE' && opts.incrementalColumn === undefined) {
    ctx.out.warn(`the incremental schedule never runs until the cache has an incremental column: give ${opts.batch ? '`dgw cache update TABLE --incremental-column COLUMN` afterwards' : '--incremental-column COLUMN'}`);
  }
  // A catalog named (a connection's, `shop.main.orders`) is sent by its id, as the document wants.
  for (const r of requests) if (r.catalogId !== undefined && !/^\d+$/.test(r.catalogId)) r.catalogId = await resolveCatalogId(http, projectId, r.catalogId, (m) => ctx.out.note(m), r.schemaName);
  if (opts.batch) {
    const outcomes = await createCaches(http, projectId, requests).catch(async (error: unknown) => {
      throw error instanceof NetworkError ? await batchCutShort(ctx, http, projectId, tables, requests, error) : error;
    });
    if (opts.dryRun) return;
    const rows = outcomes.map((o, i) => ({ table: tables[i], success: o.success, id: o.cache?.id ?? null, error: o.error }));
    await printBatch(ctx, rows);
    const shownAs = cacheNamer(http, projectId);
    if (http.inProcess) for (const r of rows) if (r.id) await awaitFirstCopy(ctx, http, projectId, r.id, await shownAs(r.table, r.id));
    const failed = rows.filter((r) => !r.success);
    // Each table succeeds or fails alone: the list says which; the service refused the others (exit 6).
    if (failed.length > 0) throw new DgwError('rejected', `${failed.length} of ${rows.length} caches were not created: ${failed.map((r) => `${r.table} (${r.error ?? 'no reason given'})`).join('; ')}`);
    return;
  }
  const [cache, source] = await Promise.all([
    createCache(http, projectId, requests[0], opts.incrementalColumn).catch(async (error: unknown) => {
      throw await takenHint(error, async () => `\`dgw cache refresh ${tables[0]}\` copies it again; \`dgw cache update ${tables[0]}\` changes its schedules`);
    }),
    sourceNames(ctx, http, projectId),
  ]);
  if (opts.dryRun) return;
  await ctx.out.record(cache, cacheFields(source), cacheId);
  const reads = cache.copy ? `; SQL reads it as ${cache.copy}` : '';
  // The table as typed may name another cache too (orders: svc.table.orders and shop.main.orders): what dgw quotes must not.
  const shown = await cacheNamer(http, projectId)(tables[0], cache.id);
  if (!http.inProcess) {
    ctx.out.success(`cached ${tables[0]}${reads}; its first copy has started (\`dgw cache status ${shown}\`)`);
    return;
  }
  ctx.out.success(`cached ${tables[0]}${reads}`);
  await awaitFirstCopy(ctx, http, projectId, cache.id, shown);
}

type BatchRow = { table: string; success: boolean; id: string | null; error: string | null };

function printBatch(ctx: Context, rows: BatchRow[]): Promise<void> {
  return ctx.out.list(rows, [{ field: 'table', kind: 'key' }, { field: 'success' }, { field: 'id', kind: 'id' }, { field: 'error', kind: 'text' }], (r) => r.id ?? r.table);
}

/** A batch whose answer never came (time limit, dropped connection): the project's caches say which tables have one, printed as the answer would have been. */
async function batchCutShort(ctx: Context, http: Http, projectId: string, tables: string[], requests: CacheRequest[], error: NetworkError): Promise<DgwError> {
  const key = (r: { catalogId?: string; schemaName?: string; tableName?: string }) => [r.catalogId, r.schemaName, r.tableName].join('.').toLowerCase();
  const caches = await listCacheStatuses(http, projectId).catch(() => undefined);
  if (!caches) return new NetworkError(error.message, error, { timedOut: error.timedOut, hint: 'some caches may have been made: `dgw cache list` shows which' });
  const byTable = new Map(caches.map((c) => [key(c), c.id]));
  const rows = tables.map((table, i) => {
    const id = byTable.get(key(requests[i])) ?? null;
    return { table, success: id !== null, id, error: id === null ? 'not made when the answer failed' : null };
  });
  await printBatch(ctx, rows);
  const made = rows.filter((r) => r.success).length;
  const have = (n: number) => `${n} ${n === 1 ? 'has' : 'have'}`;
  return new NetworkError(`${error.message}: of the ${rows.length} tables, ${have(made)} a cache now and ${have(rows.length - made)} none (each is listed)`, error, {
    timedOut: error.timedOut,
    hint: `run \`dgw cache create --batch\` again with the tables not made${error.timedOut ? ', with a longer --timeout' : ''}; the service may still be making some: \`dgw cache list\` shows which`,
  });
}
