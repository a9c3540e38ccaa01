import { Option, type Command } from 'commander';
import { folderPathProblem, folderSegments } from '../../api/names.js';
import { listQueries } from '../../api/queries.js';
import type { Query } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { QUERY_COLUMNS, queryId } from './columns.js';

export interface QueryListOptions {
  folder?: string;
  type?: 'plain' | 'materialized';
}

export function registerQueryList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .option('--folder <folder>', 'only queries in this folder (path such as /reports, or folder id)')
    .addOption(new Option('--type <type>', 'only plain or materialized queries').choices(['plain', 'materialized']))
    .description('List saved queries')
    .addHelpText('after', examples('dgw query list', 'dgw query list --type materialized --folder /reports', 'dgw query list -q | xargs -n1 dgw query get'))
    .action(wiring.action(runQueryList));
}

export async function runQueryList(ctx: Context, opts: QueryListOptions): Promise<void> {
  const inFolder = folderFilter(opts.folder);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const queries = await listQueries(http, projectId);
  const type = opts.type?.toUpperCase();
  const shown = queries.filter((q) => (!type || q.queryType === type) && inFolder(q));
  await ctx.out.list(shown, QUERY_COLUMNS, queryId);
}

/** A folder given by path matches the query's path; by id, its folderId. No extra request. */
function folderFilter(folder: string | undefined): (q: Query) => boolean {
  if (folder === undefined) return () => true;
  if (!folder.startsWith('/')) return (q) => q.folderId === folder;
  const problem = folderPathProblem(folder);
  if (problem) throw new UsageError(`--folder: ${problem}`);
  const wanted = `/${folderSegments(folder).join('/')}`;
  return (q) => (wanted === '/' ? !q.path || q.path === '/' : `/${folderSegments(q.path ?? '/').join('/')}` === wanted);
}
