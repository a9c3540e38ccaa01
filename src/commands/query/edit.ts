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
first, nothing was saved). When the service refuses the SQL (exit 6), the editor opens again with
the reason as comment lines on top: fix the SQL and save to send it again, or save it unchanged to
stop. Whenever an edit cannot be saved (a refusal you stopped at, a failed editor, Ctrl-C, the
query changed on the service while the editor was open, exit 5, or the service unreachable), your
text is kept in a file only you can read, and the message names it. It needs a
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
  const { editText, keepText, KeptTextError, withKeptText } = await import('../../editor/edit-text.js');
  const fileName = `${query.name}.sql`;
  const edit = async (text: string) => {
    try {
      return await ctx.inForeground(() => editText({ text, fileName, env: ctx.env, signal: ctx.signal }));
    } catch (error) {
      // After a refusal the text shown is the user's own, which the service does not have: a failed editor must not lose it.
      if (refused && error instanceof DgwError && !(error instanceof KeptTextError)) throw keptWithHint(error, `${withoutRefusal(text).trimEnd()}\n`);
      throw error;
    }
  };
  const keptWithHint = (error: DgwError, text: string) => {
    const file = keepText(text, fileName);
    return withKeptText(error, file, `send it with \`dgw query update ${query.name} --file ${file}\`${refused ? ' once it is right' : ''}`);
  };
  let shown = original.endsWith('\n') ? original : `${original}\n`;
  let refused: DgwError | undefined;
  for (;;) {
    const saved = await edit(shown);
    const sql = (refused ? withoutRefusal(saved) : saved).trimEnd();
    if (sql.trim() === '') throw new UsageError(`the file was left empty: nothing was saved, and ${query.name} keeps its SQL`);
    if (sql === original.trimEnd()) {
      ctx.out.note(`the SQL of ${query.name} did not change: nothing was saved`);
      if (ctx.out.json) ctx.out.value(query);
      return;
    }
    // The refused SQL saved again (with or without the reason on top): the user gave up on this text.
    if (refused && sql === withoutRefusal(shown).trimEnd()) throw keptWithHint(refused, `${sql}\n`);
    // Someone may have changed the SQL while the editor was open: theirs is not overwritten unseen.
    const now = await getQuery(http, projectId, query.id).catch((error: unknown) => Promise.reject(error instanceof DgwError ? keptWithHint(error, `${sql}\n`) : error));
    if (now.inputQuery !== original) throw new EditConflictError(query.name, keepText(`${sql}\n`, fileName));
    try {
      const updated = await updateQuery(http, projectId, query.id, { inputQuery: sql });
      await ctx.out.record(updated, QUERY_FIELDS, queryId);
      ctx.out.success(`updated the SQL of ${updated.name}`);
      return;
    } catch (error) {
      if (!(error instanceof DgwError)) throw error;
      // The service refused the SQL itself: back to the editor, the reason on top, as kubectl edit does.
      if (error.kind !== 'rejected') throw keptWithHint(error, `${sql}\n`);
      refused = error;
      shown = `${refusalComment(error.message)}${sql}\n`;
    }
  }
}

const REFUSAL_MARK = '-- dgw: ';

/** The service's reason as SQL comment lines above the text, which dgw takes off again before sending. */
function refusalComment(message: string): string {
  const lines = [`the service refused this SQL: ${message}`, 'fix it and save to send it again; save it unchanged to stop (your text is then kept in a file)'];
  return lines.flatMap((l) => l.split('\n')).map((l) => `${REFUSAL_MARK}${l}\n`).join('');
}

function withoutRefusal(text: string): string {
  const lines = text.split('\n');
  let first = 0;
  while (first < lines.length && lines[first].startsWith(REFUSAL_MARK.trimEnd())) first++;
  return lines.slice(first).join('\n');
}

/** The query's SQL changed on the service while the editor was open (exit 5, like any conflict). */
export class EditConflictError extends DgwError {
  constructor(name: string, kept: string) {
    super('conflict', `the SQL of ${name} changed while you edited it; nothing was sent, and your text is kept in ${kept}`, {
      hint: `compare with \`dgw query get ${name}\`, then \`dgw query update ${name} --file ${kept}\`, or edit again`,
    });
  }
}
