import { Argument, type Command } from 'commander';
import { foldersHolding } from '../../api/folder-tree.js';
import { updateFolderMembership } from '../../api/folders.js';
import type { Http } from '../../api/http.js';
import { listQueries } from '../../api/queries.js';
import { queryById, resolveQueryIds } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { DgwError, NotFoundError, UsageError } from '../../errors.js';
import { folderPath, folderSegments } from '../../api/names.js';
import type { QueriesPlaced } from '../../contract/results.js';
import { ensureFolder, showFolderCreation, type EnsuredFolder } from './ensure.js';
import { examples, type Wiring } from '../wiring.js';
import { folderIdFor, loadTree, parseFolderRef, pointToFolderMove, type FolderRef } from './resolve.js';
import { checkSegment } from '../../api/path.js';
import { completes } from '../../completion/kinds.js';
import { shellWord } from '../../output/carry-target.js';

export interface FolderMvOptions {
  dryRun?: boolean;
  parents?: boolean;
}

export function registerFolderMv(parent: Command, wiring: Wiring): void {
  parent
    .command('mv')
    // commander allows only a last variadic argument: QUERY... FOLDER arrive as one list.
    .addArgument(completes(new Argument('<query-and-folder...>', 'query ids or SQL names, then the target folder: a path such as /reports/monthly, a folder id, or / for the root'), 'query-or-folder'))
    .usage('[options] <query...> <folder>')
    .option('-p, --parents', 'create the target folder (and missing parents) when it does not exist, as `folder create` does')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Put queries into a folder, or out of every folder with / (to move a folder itself: folder move)')
    .addHelpText(
      'after',
      examples(
        'dgw folder mv revenuereport /reports',
        'dgw folder mv revenuereport dailyrevenue /reports/2026 --parents   # made when missing',
        'dgw folder mv revenuesnapshot "$(dgw folder create -p /archive -q)"   # by folder id: one request',
        'dgw folder mv revenuereport /',
      ),
    )
    .action(wiring.action(runFolderMv));
}

export async function runFolderMv(ctx: Context, items: string[], opts: FolderMvOptions): Promise<void> {
  if (items.length < 2) throw new UsageError('give at least one QUERY and then the target FOLDER');
  const refs = [...new Set(items.slice(0, -1))];
  const folderArg = items[items.length - 1];
  for (const ref of refs) checkSegment(ref, 'QUERY');
  const target = parseFolderRef(folderArg);
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  // Folders --parents makes would outlive a move that fails on an id no query has: ids are checked first.
  const ids = [
    ...new Set(
      await resolveQueryIds(http, projectId, refs, opts.parents === true && target.kind === 'path').catch((error: unknown) => pointToFolderMove(http, projectId, refs, folderArg, error)),
    ),
  ];
  const createdFolders: string[] = [];
  let moved = ids.length;
  if (target.kind === 'root' && http.readsNothing) {
    // Which folders hold the queries would take a request: one update per query, under a placeholder.
    for (const [i, id] of ids.entries()) {
      const holder = http.placeholder(`id of the folder holding ${refs[i]}`);
      await updateFolderMembership(http, projectId, holder, { queryIdsAdded: [], queryIdsRemoved: [id] });
    }
  } else if (target.kind === 'root') {
    moved = await moveToRoot(ctx, http, projectId, ids);
  } else {
    const { id: folderId, created } = await targetFolder(http, projectId, target, opts.parents === true);
    createdFolders.push(...created);
    try {
      // The contract lists both fields; a query lives in one folder, so adding it here moves it.
      await updateFolderMembership(http, projectId, folderId, { queryIdsAdded: ids, queryIdsRemoved: [] });
    } catch (error) {
      if (created.length > 0) ctx.out.warn(`created before the failure: ${created.join(', ')} (\`dgw folder rm\` removes a folder)`);
      throw error;
    }
  }
  if (opts.dryRun) return;
  for (const path of createdFolders) ctx.out.note(`created folder ${path}`);
  ctx.out.result({ folder: folderArg, queryIds: ids, createdFolders } satisfies QueriesPlaced, ids.join('\n'));
  if (moved > 0) ctx.out.success(`moved ${moved} ${moved === 1 ? 'query' : 'queries'} to ${folderArg}`);
}

/** The target folder's id; a missing path is created only with --parents, else exit 4. */
async function targetFolder(http: Http, projectId: string, target: FolderRef & { kind: 'path' | 'id' }, parents: boolean): Promise<EnsuredFolder> {
  if (target.kind === 'id' || !parents) {
    try {
      return { id: await folderIdFor(http, projectId, target), created: [] };
    } catch (error) {
      if (!(error instanceof NotFoundError) || target.kind !== 'path') throw error;
      const path = folderPath(target.path);
      throw new DgwError('not_found', error.message, { hint: `create it with \`dgw folder create ${shellWord(path)}\`, or add --parents to create it with the move` });
    }
  }
  const segments = folderSegments(target.path);
  if (http.readsNothing) return { id: await showFolderCreation(http, projectId, segments), created: [] };
  return ensureFolder(http, projectId, await loadTree(http, projectId), segments);
}

/** Removes the queries from whichever folders hold them: one membership update per folder. */
async function moveToRoot(ctx: Context, http: Http, projectId: string, ids: string[]): Promise<number> {
  const tree = await loadTree(http, projectId);
  const byFolder = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const id of ids) {
    const holders = foldersHolding(tree, id);
    if (holders.length === 0) unplaced.push(id);
    for (const folder of holders) byFolder.set(folder.id, [...(byFolder.get(folder.id) ?? []), id]);
  }
  // In no folder the tree shows (or the flat shape carries no query ids): the query list says where it lives.
  if (unplaced.length > 0) {
    const queries = await listQueries(http, projectId);
    for (const id of unplaced) {
      const query = await queryById(http, projectId, queries, id);
      if (query.folderId) byFolder.set(query.folderId, [...(byFolder.get(query.folderId) ?? []), id]);
    }
  }
  if (byFolder.size === 0) ctx.out.note('those queries are in no folder already');
  for (const [folderId, queryIds] of byFolder) {
    await updateFolderMembership(http, projectId, folderId, { queryIdsAdded: [], queryIdsRemoved: queryIds });
  }
  return new Set([...byFolder.values()].flat()).size;
}
