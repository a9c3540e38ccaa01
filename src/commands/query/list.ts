import { type Command, Option } from 'commander';
import { folderPath } from '../../api/names.js';
import { listQueriesText, readQueries } from '../../api/queries.js';
import type { Query } from '../../api/types.js';
import type { Context } from '../../context.js';
import { folderContents } from '../../impact/folder-contents.js';
import { loadTree, requireFolder } from '../folder/resolve.js';
import { anyCase, examples, type Wiring } from '../wiring.js';
import { QUERY_COLUMNS, queryId } from './columns.js';
import { checkPath } from './request-flags.js';
import { completes } from '../../completion/kinds.js';

export interface QueryListOptions {
  folder?: string;
  recursive?: boolean;
  type?: 'plain' | 'materialized';
}

export function registerQueryList(parent: Command, wiring: Wiring): void {
  parent
    .command('list')
    .alias('ls')
    .addOption(completes(new Option('--folder <folder>', 'only queries in this folder (path such as /reports, or folder id)'), 'folder'))
    .option('-r, --recursive', 'with --folder: also the queries in its subfolders, at any depth')
    .addOption(anyCase(new Option('--type <type>', 'only plain or materialized queries'), ['plain', 'materialized']))
    .description('List saved queries')
    .addHelpText(
      'after',
      examples(
        'dgw query list',
        'dgw query list --type materialized --folder /reports',
        'dgw query list --folder /reports --recursive   # /reports and everything below it',
        'dgw query list -q | xargs -r -n1 dgw query get',
      ),
    )
    .action(wiring.action(runQueryList));
}

export async function runQueryList(ctx: Context, opts: QueryListOptions): Promise<void> {
  const folder = checkFolder(opts.folder);
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const answer = await listQueriesText(http, projectId);
  // The local gateway sends the list exactly as dgw would print it off a terminal, so its bytes go out as they came.
  const asSent = folder === undefined && opts.type === undefined && ctx.out.printsWholeJson && !ctx.out.indentsJson && http.localGateway;
  if (asSent && printableAsSent(answer.whole)) return ctx.out.printedJson(answer.whole);
  const queries = readQueries(answer.parse());
  let inFolder = folderFilter(folder);
  if (opts.recursive && folder !== undefined && folder !== '/') {
    // Below a folder: its subtree from the folder list (one more request), whatever shape it has.
    const tree = await loadTree(http, projectId);
    const inside = new Set(folderContents(tree, requireFolder(tree, folder), queries).queryIds);
    inFolder = (q) => inside.has(q.id);
  } else if (opts.recursive) {
    inFolder = () => true;
  }
  const type = opts.type?.toUpperCase();
  const shown = queries.filter((q) => (!type || q.queryType === type) && inFolder(q));
  if (shown.length === 0 && folder !== undefined && folder !== '/' && !opts.recursive) {
    // Nothing listed: an empty folder, or one that is not there (a typo must not pass for empty).
    requireFolder(await loadTree(http, projectId), folder);
  }
  await ctx.out.list(shown, QUERY_COLUMNS, queryId);
}

/** A --folder path checked and normalised (`/reports/` → `/reports`), or an id as given. */
function checkFolder(folder: string | undefined): string | undefined {
  if (folder === undefined || !folder.startsWith('/')) return folder;
  checkPath(folder, '--folder');
  return folderPath(folder);
}

/** The queries directly in a folder: by path, the query's path; by id, its folderId. No extra request. */
function folderFilter(folder: string | undefined): (q: Query) => boolean {
  if (folder === undefined) return () => true;
  if (!folder.startsWith('/')) return (q) => q.folderId === folder;
  return (q) => (folder === '/' ? !q.path || q.path === '/' : folderPath(q.path ?? '/') === folder);
}

/** Whether the gateway's bytes equal dgw's printing: no DEL or C1 to escape, no `{"type":"none"}` schedule to turn into null. */
function printableAsSent(body: string | Uint8Array): boolean {
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (bytes[0] !== 0x5b || bytes.includes(0x7f) || bytes.includes('"schedule":{"type":"none"}')) return false;
  for (let at = bytes.indexOf(0xc2); at >= 0; at = bytes.indexOf(0xc2, at + 1)) if (bytes[at + 1] >= 0x80 && bytes[at + 1] <= 0x9f) return false;
  return true;
}
