import { Argument, type Command } from 'commander';
import type { FolderCreated } from '../../contract/results.js';
import { folderSegments } from '../../api/names.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { ensureFolder, showFolderCreation } from './ensure.js';
import { loadTree, parseFolderRef } from './resolve.js';
import { completes } from '../../completion/kinds.js';

export interface FolderCreateOptions {
  dryRun?: boolean;
  parents?: boolean;
}

export function registerFolderCreate(parent: Command, wiring: Wiring): void {
  parent
    .command('create')
    .alias('mkdir')
    .addArgument(completes(new Argument('<path>', 'folder path such as /reports/monthly; missing parents are created too'), 'folder'))
    .option('-p, --parents', 'no error if the folder exists already (exit 0, its id printed): "make sure it exists"')
    .option('--dry-run', 'print the requests instead of sending them')
    .description('Create a query folder (and any missing parent folders); exit 5 if it exists, unless -p')
    .addHelpText('after', examples('dgw folder create /reports/monthly', 'dgw folder create -p /reports/monthly -q   # in scripts: exists or is made', 'dgw folder create /reports/weekly --json'))
    .action(wiring.action(runFolderCreate));
}

export async function runFolderCreate(ctx: Context, pathArg: string, opts: FolderCreateOptions): Promise<void> {
  const ref = parseFolderRef(pathArg, 'PATH');
  if (ref.kind !== 'path') throw new UsageError('PATH must be an absolute folder path below the root, such as /reports/monthly');
  const projectId = await ctx.projectId();
  const http = await ctx.http({ dryRun: opts.dryRun });
  const segments = folderSegments(ref.path);
  if (http.readsNothing) {
    await showFolderCreation(http, projectId, segments);
    if (segments.length > 1) ctx.out.note('a real run skips the levels that exist already');
    return;
  }
  const { id, created } = await ensureFolder(http, projectId, await loadTree(http, projectId), segments);
  const path = `/${segments.join('/')}`;
  if (created.length === 0 && !opts.parents) throw new DgwError('conflict', `folder ${ref.path} already exists`, { hint: `its id is ${id}; -p/--parents makes an existing folder a success` });
  ctx.out.result({ id, path, created: created.length > 0 } satisfies FolderCreated, id);
  if (created.length > 0) ctx.out.success(`created folder ${path}`);
  else ctx.out.note(`folder ${path} exists already (${id})`);
}
