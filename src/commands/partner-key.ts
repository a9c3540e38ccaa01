import type { Context } from '../context.js';
import { AuthError } from '../errors.js';

/**
 * Operations the document allows the partner key only (project API keys; organizations,
 * workspaces and projects): a key known to be a project key is refused before anything is sent.
 */
export async function requirePartnerKey(ctx: Context, what: string): Promise<void> {
  const settings = await ctx.settings();
  if (settings.keyType.value === 'project') {
    throw new AuthError(`${what} needs a partner key, and the key in use is a project key`, {
      hint: 'use a profile with a partner key (--profile), or set DGW_API_KEY to one',
    });
  }
}
