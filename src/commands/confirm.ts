import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/**
 * Guards a destructive action: `--yes` passes, a terminal asks (for `typeBack` to be typed when
 * given), and with neither the command stops with exit 2 before sending anything.
 */
export async function confirmDestructive(ctx: Context, what: string, options: { yes?: boolean; dryRun?: boolean; typeBack?: string }): Promise<void> {
  if (options.yes || options.dryRun) return;
  if (!ctx.interactive) {
    throw new UsageError(`refusing to ${what} without confirmation: pass --yes (no terminal to ask on)`);
  }
  if (options.typeBack) {
    const answer = await ctx.prompt(`This will ${what}. It cannot be undone. Type "${options.typeBack}" to confirm: `);
    if (answer.trim() !== options.typeBack) throw new UsageError('confirmation did not match; nothing was changed');
    return;
  }
  const answer = await ctx.prompt(`${what[0].toUpperCase()}${what.slice(1)}? [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError('cancelled; nothing was changed');
}
