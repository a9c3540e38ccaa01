import { Option, type Command } from 'commander';
import { listCatalogs } from '../../api/catalogs.js';
import { createConnection, listConnections } from '../../api/connections.js';
import type { Http } from '../../api/http.js';
import { deriveQueryName } from '../../api/names.js';
import type { Connection, ConnectionRequest } from '../../api/types.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { takenHint } from '../../errors.js';
import { shellWord } from '../../output/carry-target.js';
import { checkNameArgument } from '../name-argument.js';
import { collect, examples, type Wiring } from '../wiring.js';
import { CONNECTION_COLUMNS } from './columns.js';
import { absolutePaths, askMissing, givenFields, typedFields, type CredentialSources } from './credential.js';
import { findConnectionType } from './find-type.js';

export interface ConnectionCreateOptions extends CredentialSources {
  type: string;
  callback?: string;
}

/** The flags that give a connection's configuration, shared with `connection update`. */
export function credentialFlags(command: Command): Command {
  return command
    .option('-f, --field <key=value>', 'one field of the type\'s configuration (repeatable); keep secrets out of it: they stay in shell history', collect)
    .option('--from-file <file>', 'the fields as a JSON or YAML object, from a file or - for stdin');
}

export function registerConnectionCreate(parent: Command, wiring: Wiring): void {
  const command = parent
    .command('create')
    .argument('<name>', 'a name for the connection')
    .addOption(completes(new Option('-t, --type <type>', 'connection type (`dgw connection types`)').makeOptionMandatory(), 'connection-type'));
  credentialFlags(command)
    .option('--callback <url>', 'OAuth 2.0 types: where the service sends the browser once access is granted')
    .description('Connect a source: its configuration from flags, a file, stdin, or prompts (secrets without echo)')
    .addHelpText(
      'after',
      `
The fields are those of \`dgw connection config TYPE\`. On a terminal, dgw asks for the required
ones not given; a secret (password, token, key) is typed without echo. No secret is printed,
traced by --debug or written to dgw's files. For an OAuth 2.0 type, dgw prints the address to
open and, once access is granted, \`dgw connection oauth-callback\` finishes the connection.
${examples(
  'dgw connection create sales --type duckdb --field path=sales.duckdb        # the local gateway attaches it read-only',
  'dgw connection create events --type duckdb --from-file - <<< \'{"path": "sales.duckdb"}\'',
  'dgw connection create visits --type csv --field path=visits.csv          # a file, a folder of them or a glob; each file a table',
  'dgw connection create warehouse --type POSTGRES --from-file warehouse.yaml   # secrets in a file, not in shell history',
  'dgw connection create crm --type POSTGRES --field url=db.example.com --field user=reader   # on a terminal, asks for the password',
)}`,
    )
    .action(wiring.action(runConnectionCreate));
}

export async function runConnectionCreate(ctx: Context, name: string, opts: ConnectionCreateOptions): Promise<void> {
  checkNameArgument(name, 'NAME');
  checkNameArgument(opts.type, '--type');
  const given = await givenFields(ctx, opts);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const { config } = await findConnectionType(http, opts.type);
  const credential = typedFields(given, config);
  await askMissing(ctx, config, credential);
  const request: ConnectionRequest = { name, type: config.connectionType, credential: absolutePaths(ctx, credential) };
  if (opts.callback) request.connectionCallback = opts.callback;
  const connection = await createConnection(http, projectId, request).catch(async (error: unknown) => {
    throw await takenHint(error, () => takenNameHint(http, projectId, name));
  });
  await ctx.out.record(connection, CONNECTION_COLUMNS, (c) => c.id);
  sayNextStep(ctx, connection, config.authorizationType);
}

/**
 * The step that works when the name is taken, from the service's own listings rather than its
 * message's wording: a connection of that name, the catalog of another (a renamed connection's
 * keeps the name it was made with), or a catalog of no connection.
 */
async function takenNameHint(http: Http, projectId: string, name: string): Promise<string> {
  const [connections, catalogs] = await Promise.all([listConnections(http, projectId), listCatalogs(http, projectId)]).catch(() => [[], []]);
  if (connections.some((c) => c.name === name)) return `\`dgw connection update ${shellWord(name)}\` changes that connection (--field); a name of its own makes another`;
  const catalog = catalogs.find((c) => [deriveQueryName(name), name.toLowerCase()].includes(c.name.toLowerCase()));
  const holder = connections.find((c) => c.id === catalog?.connectionId);
  if (holder) {
    const other = shellWord(holder.name);
    return `the catalog of connection ${other} has that name (a renamed connection's catalog keeps its name; \`dgw catalog create NEW_NAME ${other}\` renames it, once); a name of its own makes another connection`;
  }
  if (catalog) return `catalog ${shellWord(catalog.name)} (${catalog.catalogType}) has that name; a name of its own makes another connection`;
  return 'a connection or a catalog has that name (`dgw connection list`, `dgw catalog list`); a name of its own makes another connection';
}

/** For an OAuth 2.0 connection: the address to open and what to do after. */
export function sayNextStep(ctx: Context, connection: Connection, authorizationType: string, done = 'created'): void {
  if (connection.url) {
    ctx.out.note(`open this address in a browser and grant access:\n  ${connection.url}\nthen pass the query string the browser is sent back with to \`dgw connection oauth-callback 'code=...&state=...'\``);
  } else if (/oauth/i.test(authorizationType)) {
    ctx.out.note('this is an OAuth 2.0 type, yet the service sent no address to authorize at: give --callback URL, or see the type\'s documentation (`dgw connection config TYPE`)');
  }
  ctx.out.success(`${done} connection ${connection.name} (id ${connection.id})`);
}
