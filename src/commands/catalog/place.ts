import { Argument, type Command } from 'commander';
import type { TablePlace } from '../../api/catalogs.js';
import type { Http } from '../../api/http.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { completes } from '../../completion/kinds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkNameArgument } from '../name-argument.js';
import { shellWord } from '../../output/carry-target.js';

// A table is named as SQL names it, `catalog.schema.table`, or as three arguments (for names with a dot); a schema likewise.

/** Adds CATALOG [SCHEMA] [TABLE] to a command that names a schema (`depth` 2) or a table (3). */
export function placeArguments(command: Command, depth: 2 | 3): Command {
  command.addArgument(completes(new Argument('<catalog>', depth === 3 ? 'catalog id or name, or catalog.schema.table' : 'catalog id or name, or catalog.schema'), 'catalog'));
  command.addArgument(completes(new Argument('[schema]', 'schema name (when CATALOG is not dotted)'), 'catalog-schema'));
  if (depth === 3) command.addArgument(completes(new Argument('[table]', 'table name (when CATALOG is not dotted)'), 'catalog-table'));
  return command;
}

/** The names given, split from a dotted first argument when it is the only one. */
export function placeNames(args: (string | undefined)[], depth: 2 | 3): string[] {
  const given = args.filter((a): a is string => a !== undefined);
  const names = given.length === 1 && depth > 1 ? given[0].split('.') : given;
  const what = depth === 3 ? 'CATALOG SCHEMA TABLE, or catalog.schema.table' : 'CATALOG SCHEMA, or catalog.schema';
  if (names.length !== depth) throw new UsageError(`give ${what}`, names.length > 0 && names.length < depth ? shorterHint(names) : undefined);
  names.forEach((n, i) => checkNameArgument(n, ['CATALOG', 'SCHEMA', 'TABLE'][i]));
  return names;
}

/** A table's place with its catalog's id, looked up when a name was given. */
export async function resolvePlace(ctx: Context, args: (string | undefined)[]): Promise<{ http: Http; projectId: string; place: TablePlace }> {
  const [catalog, schema, table] = placeNames(args, 3);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  return { http, projectId, place: { catalogId: await resolveCatalogId(http, projectId, catalog, (m) => ctx.out.note(m), schema), schema, table } };
}

/** Only a catalog, or a catalog and schema, given: the listing that names what comes next. */
function shorterHint(names: string[]): string {
  const [catalog, schema] = names;
  if (schema === undefined) return `${catalog} names a catalog; its schemas: \`dgw catalog schemas ${shellWord(catalog)}\``;
  const place = catalog.includes('.') || schema.includes('.') ? `${shellWord(catalog)} ${shellWord(schema)}` : shellWord(`${catalog}.${schema}`);
  return `${catalog}.${schema} names a schema; its tables: \`dgw catalog tables ${place}\``;
}
