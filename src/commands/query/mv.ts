import { Argument, type Command } from 'commander';
import type { QueriesMoved } from '../../contract/results.js';
import { folderPath } from '../../api/names.js';
import { moveQuery } from '../../api/queries.js';
import { resolveQueryIds, typedRefs } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkFolderExists } from '../folder/existing-path.js';
import { reportChange } from '../confirm.js';
import { loadTree, parseFolderRef, pointToFolderMove, requireFolder } from '../folder/resolve.js';
import { examples, type Wiring } from '../wiring.js';
import { completes } from '../../completion/kinds.js';

export interface QueryMvOptions {
  dryRun?: boolean;
  parents?: boolean;
}

export function registerQueryMv(parent: Command, wiring: Wiring): void {
  parent
    .command('mv')
    // commander allows only a last variadic argument: QUERY... FOLDER arrive as one list.
    .addArgument(completes(new Argument('<query-and-folder...>', 'query ids or SQL names, then the folder: a path such as /reports/monthly, a folder id, or / for the root'), 'query-or-folder'))
    .usage('[options] <query...> <folder>')
    .option('-p, --parents', 'make the target folder (and missing parents) when it does not exist, as `folder create` does')
    .option('--dry-run', 'print the requests instead of sending them')
    .description('Move queries to a folder (Update Query Path: one request per query); exit 4 for a folder that does not exist, unless --parents')
    .addHelpText(
      'after',
      examples('dgw query mv revenuereport /reports', 'dgw query mv nightlycopy /archive/2025 --parents   # made when missing', 'dgw query mv revenuereport nightlycopy /   # back to the root'),
    )
    .action(wiring.action(runQueryMv));
}

export async function runQueryMv(ctx: Context, items: string[], opts: QueryMvOptions): Promise<void> {
  if (items.length < 2) throw new UsageError('give at least one QUERY and then the target FOLDER');
  const refs = items.slice(0, -1);
  const folderArg = items[items.length - 1];
  const target = parseFolderRef(folderArg);
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const resolved = await resolveQueryIds(http, projectId, refs).catch((error: unknown) => pointToFolderMove(http, projectId, refs, folderArg, error));
  const typed = typedRefs(refs, resolved);
  const ids = [...typed.keys()];
  let path = '/';
  if (target.kind === 'path') {
    path = folderPath(target.path);
    await checkFolderExists(http, projectId, path, opts.parents);
  } else if (target.kind === 'id') {
    // The operation takes a path: a folder given by id is looked up once in the folder list (a dry run reads nothing).
    path = http.readsNothing ? http.placeholder(`path of folder ${target.id}`) : requireFolder(await loadTree(http, projectId), target.id).path;
  }
  const moved: string[] = [];
  for (const id of ids) {
    try {
      await moveQuery(http, projectId, id, path);
    } catch (error) {
      if (moved.length > 0) ctx.out.warn(`moved before the failure: ${moved.map((m) => typed.get(m)).join(', ')}`);
      throw error;
    }
    moved.push(id);
  }
  reportChange(ctx, opts, { path, queryIds: moved } satisfies QueriesMoved, moved.join('\n'), `moved ${moved.length} ${moved.length === 1 ? 'query' : 'queries'} to ${path}`);
}
