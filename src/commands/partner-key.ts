import type { Context } from '../context.js';
import { AuthError } from '../errors.js';

/** Partner-key-only operations: a known project key is refused before anything is sent. */
export async function requirePartnerKey(ctx: Context, what: string): Promise<void> {
  const settings = await ctx.settings();
  if (settings.keyType.value === 'project') {
    throw new AuthError(`${what} needs a partner key, and the key in use is a project key`, {
      hint: 'use a profile with a partner key (--profile), or set DGW_API_KEY to one',
    });
  }
}
