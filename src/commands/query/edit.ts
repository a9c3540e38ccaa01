import type { Command } from 'commander';
import { getQuery, listQueries, updateQuery } from '../../api/queries.js';
import { isIdShaped, matchQuery } from '../../api/resolve.js';
import type { Context } from '../../context.js';
import { DgwError, UsageError } from '../../errors.js';
import { examples, type Wiring } from '../wiring.js';
import { QUERY_FIELDS, queryId } from './columns.js';

/** `query edit` has no options of its own: the editor is the preview (scripts use `query update --dry-run`). */
export type QueryEditOptions = Record<string, never>;

export function registerQueryEdit(parent: Command, wiring: Wiring): void {
  parent
    .command('edit')
    .argument('<query>', 'query id or SQL name')
    .description('Open a query\'s SQL in your editor ($VISUAL, $EDITOR, else vi) and save it back when it changed')
    .addHelpText(
      'after',
      `${examples('dgw query edit revenuereport', 'EDITOR="code --wait" dgw query edit revenuereport', 'VISUAL=nano dgw query edit 709922802836177297')}
The SQL opens in a temporary .sql file only you can read, removed afterwards. When the editor
exits, the query is updated if the text changed (trailing blank space aside); nothing is sent when
it did not, or when the file was left empty or the editor failed (exit 14: the query was read
first, nothing was saved). When the query's
SQL changed on the service while the editor was open, nothing is sent either (exit 5): your text is
kept in a file only you can read, and the message names it. It needs a
terminal: in scripts, use \`dgw query update QUERY --file FILE\` (which has --dry-run; an edit
cannot be rehearsed without reading the query, and a dry run reads nothing).
`,
    )
    .action(wiring.action(runQueryEdit));
}

export async function runQueryEdit(ctx: Context, ref: string, _opts: QueryEditOptions): Promise<void> {
  if (!ctx.interactive) {
    throw new UsageError('query edit opens an editor, and there is no terminal to show it on', 'in scripts, use `dgw query update QUERY --file FILE` (or --sql)');
  }
  const [http, projectId] = await Promise.all([ctx.http(), ctx.projectId()]);
  const query = isIdShaped(ref) ? await getQuery(http, projectId, ref) : matchQuery(await listQueries(http, projectId), ref);
  const original = query.inputQuery;
  const { editText } = await import('../../editor/edit-text.js');
  const edited = await ctx.inForeground(() =>
    editText({ text: original.endsWith('\n') ? original : `${original}\n`, fileName: `${query.name}.sql`, env: ctx.env, signal: ctx.signal }),
  );
  const sql = edited.trimEnd();
  if (sql.trim() === '') throw new UsageError(`the file was left empty: nothing was saved, and ${query.name} keeps its SQL`);
  if (sql === original.trimEnd()) {
    ctx.out.note(`the SQL of ${query.name} did not change: nothing was saved`);
    if (ctx.out.json) ctx.out.value(query);
    return;
  }
  // Someone may have changed the SQL while the editor was open: theirs is not overwritten unseen.
  const now = await getQuery(http, projectId, query.id);
  if (now.inputQuery !== original) {
    const { keepText } = await import('../../editor/edit-text.js');
    const kept = keepText(`${sql}\n`, `${query.name}.sql`);
    throw new EditConflictError(query.name, kept);
  }
  const updated = await updateQuery(http, projectId, query.id, { inputQuery: sql });
  await ctx.out.record(updated, QUERY_FIELDS, queryId);
  ctx.out.success(`updated the SQL of ${updated.name}`);
}

/** The query's SQL changed on the service while the editor was open (exit 5, like any conflict). */
export class EditConflictError extends DgwError {
  constructor(name: string, kept: string) {
    super('conflict', `the SQL of ${name} changed while you edited it; nothing was sent, and your text is kept in ${kept}`, {
      hint: `compare with \`dgw query get ${name}\`, then \`dgw query update ${name} --file ${kept}\`, or edit again`,
    });
  }
}
