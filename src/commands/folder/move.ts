import { Argument, type Command } from 'commander';
import type { FolderMoved } from '../../contract/results.js';
import { findFolder, noFolder } from '../../api/folder-tree.js';
import { moveFolder } from '../../api/folders.js';
import type { Http } from '../../api/http.js';
import { folderPath, folderSegments } from '../../api/names.js';
import type { Context } from '../../context.js';
import { DgwError, NotFoundError, UsageError } from '../../errors.js';
import { reportChange } from '../confirm.js';
import { examples, type Wiring } from '../wiring.js';
import { folderIdFor, loadTree, parseFolderRef, requireFolder, type FolderRef } from './resolve.js';
import { completes } from '../../completion/kinds.js';
import { shellWord } from '../../output/carry-target.js';

export interface FolderMoveOptions {
  dryRun?: boolean;
  parents?: boolean;
}

export function registerFolderMove(parent: Command, wiring: Wiring): void {
  parent
    .command('move')
    .argument('<folder>', 'the folder to move: a path such as /reports/monthly, or a folder id')
    .addArgument(completes(new Argument('<destination>', 'an existing folder to move it into (a path, an id, or / for the root), or the new path it should have'), 'folder'))
    .option('-p, --parents', 'make the missing parent folders of a new path')
    .option('--dry-run', 'print the request instead of sending it')
    .description('Move a query folder, with its subfolders and queries, elsewhere in the tree (to put queries into a folder: folder mv)')
    .addHelpText(
      'after',
      `\nLike mv: into DESTINATION when that folder exists, else to the path DESTINATION, whose parent must\nexist (exit 4) unless --parents.\n${examples(
        'dgw folder move /reports/monthly /archive          # /archive exists: → /archive/monthly',
        'dgw folder move /archive/monthly /old/2025-monthly --parents   # moved and renamed, /old made if missing',
        'dgw folder move /old/2025-monthly /                 # to the root',
      )}`,
    )
    .action(wiring.action(runFolderMove));
}

export async function runFolderMove(ctx: Context, folderArg: string, destinationArg: string, opts: FolderMoveOptions): Promise<void> {
  const source = parseFolderRef(folderArg);
  if (source.kind === 'root') throw new UsageError('the root cannot be moved');
  const destination = parseFolderRef(destinationArg, 'DESTINATION');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  if (http.readsNothing) return dryRunMove(http, projectId, source, destination);
  // One folder list resolves both arguments and tells whether DESTINATION is an existing folder.
  const tree = await loadTree(http, projectId);
  const folder = requireFolder(tree, source.kind === 'path' ? source.path : source.id);
  let path: string;
  if (destination.kind === 'root') path = `/${folder.name}`;
  else {
    const into = findFolder(tree, destination.kind === 'path' ? destination.path : destination.id);
    if (!into && destination.kind === 'id') throw new NotFoundError(`no folder with id ${destination.id}`);
    path = into ? `${into.path}/${folder.name}` : folderPath(destination.kind === 'path' ? destination.path : '');
    // As with the other verbs that take a path: missing folders are made only when asked.
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    if (!into && parent !== '/' && !findFolder(tree, parent) && !opts.parents) {
      throw new DgwError('not_found', noFolder(tree, parent).message, { hint: `create it with \`dgw folder create ${shellWord(parent)}\`, or add --parents to make it with the move` });
    }
  }
  if (path === folder.path) {
    ctx.out.note(`folder ${folder.path} is there already`);
    ctx.out.result({ id: folder.id, path } satisfies FolderMoved, folder.id);
    return;
  }
  if (path.startsWith(`${folder.path}/`)) throw new DgwError('conflict', `cannot move folder ${folder.path} into itself (${path})`);
  // The operation's body is the folder's own new path.
  await moveFolder(http, projectId, folder.id, path);
  reportChange(ctx, opts, { id: folder.id, path } satisfies FolderMoved, folder.id, `moved folder ${folder.path} to ${path}`);
}

/** A dry run reads nothing, so it cannot tell whether DESTINATION is a folder; it shows that case and says so. */
async function dryRunMove(http: Http, projectId: string, source: FolderRef & { kind: 'path' | 'id' }, destination: FolderRef): Promise<void> {
  const id = await folderIdFor(http, projectId, source);
  const name = source.kind === 'path' ? folderSegments(source.path).at(-1)! : http.placeholder(`name of folder ${source.id}`);
  const into = destination.kind === 'root' ? '' : destination.kind === 'path' ? folderPath(destination.path) : http.placeholder(`path of folder ${destination.id}`);
  const lines = destination.kind === 'path' ? [`(a dry run reads nothing: if ${destination.path} is not a folder, a real run moves the folder to ${destination.path} itself)`] : [];
  await moveFolder(http.describing({ lines, facts: {} }), projectId, id, `${into}/${name}`);
}
