import { Argument, type Command } from 'commander';
import { getConnection, listConnections, matchConnection, updateConnection } from '../../api/connections.js';
import { isIdShaped } from '../../api/resolve.js';
import type { Catalog, ConnectionRequest } from '../../api/types.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { examples, type Wiring } from '../wiring.js';
import { CONNECTION_COLUMNS } from './columns.js';
import { credentialFlags, sayNextStep } from './create.js';
import { absolutePaths, askMissing, givenFields, typedFields, type CredentialSources } from './credential.js';
import { findConnectionType } from './find-type.js';
import { connectionCatalog, warnOfCachesLeft } from './caches-left.js';

export interface ConnectionUpdateOptions extends CredentialSources {
  name?: string;
  ask?: boolean;
}

export function registerConnectionUpdate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('update')
    .addArgument(completes(new Argument('<connection>', 'connection id or name'), 'connection'))
    .option('--name <name>', 'a new name');
  credentialFlags(command)
    .option('--ask', 'on a terminal, ask for every field of the type (secrets without echo); Enter keeps a field as it is')
    .description('Change a connection: its name, or fields of its configuration (new credentials)')
    .addHelpText(
      'after',
      examples(
        'dgw connection update sales --field path=sales.duckdb    # point it at another file',
        'dgw connection update warehouse --from-file - < rotated.yaml   # a new password, from a file',
        'dgw connection update warehouse --ask   # on a terminal: every field, secrets without echo',
      ),
    )
    .action(wiring.action(runConnectionUpdate));
}

export async function runConnectionUpdate(ctx: Context, ref: string, opts: ConnectionUpdateOptions): Promise<void> {
  checkNameArgument(ref, 'CONNECTION');
  if (opts.name !== undefined) checkNameArgument(opts.name, '--name');
  if (opts.name === undefined && !opts.field && !opts.fromFile && !opts.ask) throw new UsageError('nothing to change: give --name, --field, --from-file or --ask');
  if (opts.ask && !ctx.interactive) throw new UsageError('--ask asks on a terminal, and there is none: give the fields with --field KEY=VALUE or --from-file FILE (or - for stdin)');
  const wantsFields = !!(opts.field || opts.fromFile || opts.ask);
  const given = wantsFields ? await givenFields(ctx, opts) : undefined;
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const current = isIdShaped(ref) ? await getConnection(http, projectId, ref) : matchConnection(await listConnections(http, projectId), ref);
  const config = given ? (await findConnectionType(http, current.type)).config : undefined;
  const request: ConnectionRequest = { name: opts.name ?? current.name, type: current.type };
  if (given && config) {
    const credential = typedFields(given, config);
    if (opts.ask) await askMissing(ctx, config, credential, true);
    // Every field kept (Enter at each): no credential is sent, so the service keeps the one it has.
    if (Object.keys(credential).length > 0) request.credential = absolutePaths(ctx, credential);
  }
  const updated = await updateConnection(http, projectId, current.id, request);
  await ctx.out.record(updated, CONNECTION_COLUMNS, (c) => c.id);
  const newName = opts.name !== current.name ? opts.name : undefined;
  // Read once for both follow-ups; a failing read says nothing and changes no exit.
  const catalog = request.credential || newName !== undefined ? await connectionCatalog(http, projectId, current.id).catch(() => undefined) : undefined;
  if (catalog && request.credential) await warnOfCachesLeft(ctx, http, projectId, catalog).catch(() => undefined);
  sayNextStep(ctx, updated, config?.authorizationType ?? '', 'updated');
  if (catalog && newName !== undefined) noteCatalogName(ctx, catalog, newName);
}

/** SQL reads a connection's tables by its catalog's name, which a rename may leave as it was: said, so SQL written with the new name is no surprise. */
function noteCatalogName(ctx: Context, catalog: Catalog, name: string): void {
  if (catalog.name.toLowerCase() !== name.toLowerCase()) ctx.out.note(`SQL reads its tables as ${catalog.name}.SCHEMA.TABLE, by its catalog's name (\`dgw catalog list\`)`);
}
