import type { Http } from '../api/http.js';
import { listQueries } from '../api/queries.js';
import type { Query } from '../api/types.js';
import type { Context } from '../context.js';
import { DgwError, InterruptedError } from '../errors.js';
import { breakageFacts, breakingClause, describeBreakage, nameReaders, type Breakage, type EndedName } from '../impact/name-readers.js';
import { confirmDestructive, willAsk, type ConfirmOptions } from './confirm.js';

// Verbs that end a SQL name find the saved queries that read it and name them before asking.

/** The saved query list, or why it could not be read: the change may still go ahead, said so. */
export async function savedQueries(http: Http, projectId: string): Promise<Query[] | string> {
  try {
    return await listQueries(http, projectId);
  } catch (error) {
    if (error instanceof InterruptedError || !(error instanceof DgwError)) throw error;
    return `(the saved queries could not be read to find those that read it: ${error.message})`;
  }
}

/** Who reads `ended`, from `queries` (the list, or why it could not be read); `except`: the queries the change itself takes. */
export function breakageIn(queries: Query[] | string, ended: EndedName[], except: Iterable<string> = []): Breakage {
  if (typeof queries === 'string') return { ended, readers: null, unread: queries };
  return { ended, readers: nameReaders(queries, ended, new Set(except)) };
}

/** Said when a destructive verb is refused for want of a terminal: how to see who would break. */
export function withReadsHint(command: string, args: string[]): string {
  const line = [command, ...args.map((a) => (/^[\w./@:=-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))].join(' ');
  return `\`${line} --dry-run --with-reads\` names the saved queries that would break, and changes nothing`;
}

/** What a dry run without --with-reads says in place of the readers. */
export function notReadLine(names: string): string {
  return `(a dry run reads nothing, so the saved queries that read ${names} are not named: add --with-reads to name them, as a real run does before asking)`;
}

/** What a destructive verb found out before asking: what breaks, and its own facts for `--dry-run --json`. */
export interface Inspected {
  breakage: Breakage;
  facts: Record<string, unknown>;
}

/** Check first, ask second: readers are shown before the question; `ensureConfirmable` must have run so a refusal sends nothing. */
export async function confirmBreakage(
  ctx: Context,
  http: Http,
  what: string,
  options: ConfirmOptions,
  inspect: () => Promise<Inspected>,
  notRead: { names: string; facts: Record<string, unknown> },
  readsAnyway = false,
): Promise<Http> {
  if (http.readsNothing) {
    return http.describing({ lines: [`This would ${what}.`, notReadLine(notRead.names)], facts: { ...notRead.facts, readers: null } });
  }
  if (!willAsk(ctx, options) && !http.dryRun) {
    await confirmDestructive(ctx, what, options);
    if (!readsAnyway) return http;
    // --yes: the list is read all the same (to find names), so who breaks is said on stderr for free.
    const { breakage } = await inspect();
    if (breakage.readers && breakage.readers.length > 0) for (const line of describeBreakage(breakage)) ctx.out.warn(line);
    return http;
  }
  const { breakage, facts } = await inspect();
  const details = describeBreakage(breakage);
  const asked = `${what}${breakingClause(breakage)}`;
  await confirmDestructive(ctx, asked, { ...options, details });
  return http.describing({ lines: [`This would ${asked}.`, ...details], facts: { ...facts, ...breakageFacts(breakage) } });
}
