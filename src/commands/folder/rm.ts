import type { Command } from 'commander';
import type { FolderDeleted } from '../../contract/results.js';
import type { FolderNode } from '../../api/folder-tree.js';
import { deleteFolder } from '../../api/folders.js';
import type { Http } from '../../api/http.js';
import type { Query } from '../../api/types.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { describeContents, folderContents, summariseContents, type FolderContents } from '../../impact/folder-contents.js';
import { ensureFolderHoldsWhatWasNamed, namedContents } from '../../impact/folder-unchanged.js';
import { breakageFacts, breakingClause, describeBreakage, endedQueryName } from '../../impact/name-readers.js';
import { breakageIn, savedQueries, withReadsHint } from '../breaking-reads.js';
import { confirmDestructive, ensureConfirmable, willAsk, reportChange, type ConfirmOptions } from '../confirm.js';
import { examples, WITH_READS, type Wiring } from '../wiring.js';
import { folderIdFor, loadTree, parseFolderRef, requireFolder } from './resolve.js';
import { shellWord } from '../../output/carry-target.js';

export interface FolderRmOptions extends ConfirmOptions {
  force?: boolean;
}

export function registerFolderRm(parent: Command, wiring: Wiring): void {
  parent
    .command('rm')
    .alias('delete')
    .argument('<folder>', 'folder path such as /reports/monthly, or folder id')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--force', 'also delete its subfolders and the queries in them')
    .option('--dry-run', 'print the request instead of sending it (nothing is read either)')
    .option(...WITH_READS)
    .description('Delete a query folder')
    .addHelpText(
      'after',
      `${examples('dgw folder rm /archive', 'dgw folder rm /archive --force --dry-run --with-reads   # what --force would delete', 'dgw folder rm /archive --force --yes')}
A folder that is not empty is refused (exit 5) before anything is asked or deleted, unless
--force; with --force the question counts and names the subfolders and queries that go with
it, and the other saved queries whose SQL reads one of those queries (they fail once it is
gone); after "yes" the folder is read again, and if it changed meanwhile nothing is deleted
(exit 5). --dry-run sends nothing at all, so it shows the request but not what the folder holds;
--dry-run --with-reads reads the folder list (and the query list) to show that too.
`,
    )
    .action(wiring.action(runFolderRm));
}

export async function runFolderRm(ctx: Context, folderArg: string, opts: FolderRmOptions): Promise<void> {
  const ref = parseFolderRef(folderArg);
  if (ref.kind === 'root') throw new UsageError('the root is not a folder and cannot be deleted');
  ensureConfirmable(ctx, `delete folder ${folderArg}${opts.force ? ' with its subfolders and queries' : ''}`, { ...opts, refusalHint: opts.force ? withReadsHint('dgw folder rm', [folderArg, '--force']) : undefined });
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun, dryRunReads: opts.withReads });
  if (http.readsNothing) {
    // A dry run reads nothing: the request is shown under a placeholder, and what goes with it is not.
    const what = `delete folder ${folderArg}${opts.force ? ' with its subfolders and queries' : ''}`;
    const effects = { lines: [`This would ${what}.`, NOT_READ], facts: { folder: ref.kind === 'id' ? { id: ref.id } : { path: ref.path }, subfolders: null, queries: null, readers: null } };
    await deleteWithHint(http.describing(effects), projectId, await folderIdFor(http, projectId, ref), opts);
    return;
  }
  const inspect = willAsk(ctx, opts) || http.dryRun;
  // A path needs the folder list anyway; a person, or --force's success line, needs it to say what goes.
  if (ref.kind === 'id' && !inspect && !opts.force) {
    await deleteWithHint(http, projectId, ref.id, opts);
    return reportChange(ctx, opts, { id: ref.id, deleted: true } satisfies FolderDeleted, ref.id, `deleted folder ${folderArg}`);
  }
  const tree = await loadTree(http, projectId);
  const folder = requireFolder(tree, ref.kind === 'id' ? ref.id : ref.path);
  // Check first, ask second: a folder the service would refuse is refused before the question.
  let contents = folderContents(tree, folder);
  // The query list is read only when the folder list cannot say (its flat shape), or for names and readers.
  let queries: Query[] | string | undefined;
  if (!listsQueries(folder) || (inspect && contents.queryIds.length > 0)) {
    queries = await savedQueries(http, projectId);
    contents = folderContents(tree, folder, typeof queries === 'string' ? undefined : queries);
  }
  const empty = contents.subfolders.length === 0 && contents.queryIds.length === 0;
  if (!empty && !opts.force) {
    throw new DgwError('conflict', `folder ${folder.path} is not empty: it holds ${summariseContents(contents)}`, {
      hint: `add --force to delete them with it; \`dgw query list --folder ${shellWord(folder.path)} --recursive\` lists the queries`,
    });
  }
  // Deleting the folder's queries ends their SQL names, breaking the saved queries that read them.
  const breakage = inspect && queries !== undefined && contents.queryIds.length > 0 ? breakageIn(queries, (contents.queries ?? []).map(endedQueryName), contents.queryIds) : undefined;
  const what = `${empty ? `delete folder ${folder.path} (empty)` : `delete folder ${folder.path} with its ${summariseContents(contents)}`}${breakage ? breakingClause(breakage) : ''}`;
  const details = empty ? [] : [`Folder ${folder.path} holds:`, ...describeContents(contents), ...(breakage ? describeBreakage(breakage) : [])];
  const asked = willAsk(ctx, opts);
  await confirmDestructive(ctx, what, { ...opts, details });
  // While the question waited, others could write to the folder: force=true would take that too.
  if (asked && opts.force) {
    await ensureFolderHoldsWhatWasNamed(http, projectId, folder, namedContents(contents), `\`dgw folder rm ${shellWord(folder.path)} --force\` asks again, naming what it holds now`);
  }
  const target = http.describing({ lines: [`This would ${what}.`, ...details], facts: { ...factsOf(folder, contents), ...(breakage ? breakageFacts(breakage) : {}) } });
  await deleteWithHint(target, projectId, folder.id, opts);
  reportChange(ctx, opts, { id: folder.id, deleted: true } satisfies FolderDeleted, folder.id, `deleted folder ${folder.path}${empty ? '' : ` with its ${summariseContents(contents)}`}`);
}

const NOT_READ = '(a dry run reads nothing, so what the folder holds and who reads its queries are not shown: add --with-reads to read it; a real run checks first, and says it before asking)';

/** The spec's folder list names each folder's queries; the flat one does not (then the query list does). */
function listsQueries(folder: FolderNode): boolean {
  return folder.queryIds !== null && folder.children.every(listsQueries);
}

async function deleteWithHint(http: Http, projectId: string, id: string, opts: FolderRmOptions): Promise<void> {
  try {
    await deleteFolder(http, projectId, id, opts.force);
  } catch (error) {
    if (error instanceof DgwError && error.kind === 'conflict' && !opts.force) {
      throw new DgwError('conflict', error.message, { status: error.status, errorCode: error.errorCode, hint: 'the folder is not empty: add --force to delete its subfolders and queries too' });
    }
    throw error;
  }
}

/** What `--dry-run --json` says the delete would take with it. */
function factsOf(folder: FolderNode, contents: FolderContents): Record<string, unknown> {
  return {
    folder: { id: folder.id, path: folder.path },
    subfolders: contents.subfolders.map((f) => ({ id: f.id, path: f.path })),
    queries: contents.queries ? contents.queries.map((q) => ({ id: q.id, name: q.name })) : contents.queryIds.map((id) => ({ id })),
  };
}

