import type { Http } from '../api/http.js';
import type { Context } from '../context.js';
import { DeclinedError, UsageError } from '../errors.js';

/** What a destructive command was told: `--yes`, `--dry-run`, and a word to type back. */
export interface ConfirmOptions {
  yes?: boolean;
  dryRun?: boolean;
  /** The answer a person must type (e.g. the column name) instead of y/N. */
  typeBack?: string;
  /** Lines shown before the question: what exactly will be destroyed. */
  details?: string[];
  /** Said with a refusal for want of a terminal: how to see first what the change would break. */
  refusalHint?: string;
  /** `--with-reads`: a dry run reads (GET only) what the change would affect, to show it. */
  withReads?: boolean;
}

/** Before any request: without `--yes`, `--dry-run` or a terminal, stop with exit 2. */
export function ensureConfirmable(ctx: Context, what: string, options: ConfirmOptions): void {
  if (options.yes || options.dryRun || ctx.interactive) return;
  const why = ctx.env.CI && ctx.io.stdin.isTTY === true ? 'CI is set, so nothing is asked' : 'no terminal to ask on';
  throw new UsageError(`refusing to ${what} without confirmation: pass --yes (${why})`, options.refusalHint);
}

/** True when a person will be asked: the command should find out what it destroys first, to say so. */
export function willAsk(ctx: Context, options: ConfirmOptions): boolean {
  return !options.yes && !options.dryRun && ctx.interactive;
}

/** Guards a destructive action: `--yes` passes, a terminal asks, otherwise exit 2 before sending anything. */
export async function confirmDestructive(ctx: Context, what: string, options: ConfirmOptions): Promise<void> {
  ensureConfirmable(ctx, what, options);
  if (options.yes || options.dryRun) return;
  if (options.details && options.details.length > 0) ctx.io.stderr.write(`${options.details.join('\n')}\n`);
  if (options.typeBack) {
    const answer = await ctx.prompt(`This will ${what}. It cannot be undone. Type "${options.typeBack}" to confirm: `);
    if (answer.trim() !== options.typeBack) throw new DeclinedError(`"${answer.trim()}" is not "${options.typeBack}": nothing was changed`);
    return;
  }
  const answer = await ctx.prompt(`${what[0].toUpperCase()}${what.slice(1)}? [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new DeclinedError('nothing was changed');
}

/** A destructive verb's first steps: the project, the client (a dry run's prints its request), `find` (a name that matches nothing fails before anyone is asked), then the question about `what`. */
export async function confirmForProject<T = undefined>(
  ctx: Context,
  what: string | ((projectId: string) => string),
  options: ConfirmOptions,
  find?: (http: Http, projectId: string) => Promise<T>,
): Promise<{ http: Http; projectId: string; found: T }> {
  const projectId = await ctx.projectId();
  const question = typeof what === 'string' ? what : what(projectId);
  ensureConfirmable(ctx, question, options);
  const http = await ctx.http({ dryRun: options.dryRun });
  const found = (await find?.(http, projectId)) as T;
  await confirmDestructive(ctx, question, options);
  return { http, projectId, found };
}

/** A change's outcome once sent: its result (`quietText` with --quiet) and a line for a person; a dry run printed its request instead. */
export function reportChange(ctx: Context, options: { dryRun?: boolean }, result: unknown, quietText: string, message: string): void {
  if (options.dryRun) return;
  ctx.out.result(result, quietText);
  ctx.out.success(message);
}
