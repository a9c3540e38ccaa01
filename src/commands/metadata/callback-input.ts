import type { MetadataCallbackRecord } from '../../api/metadata.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';

/** Columns of `metadata callback` and `set-callback`. */
export const CALLBACK_COLUMNS: Column<MetadataCallbackRecord>[] = [
  { field: 'callbackURL', kind: 'key', show: (c) => c.callbackURL ?? '(none)' },
  { field: 'hasToken', show: (c) => (c.hasToken ? 'yes' : 'no') },
];
/** A callback URL as given: http or https. */
export function checkCallbackUrl(given: string, what: string): string {
  const url = URL.parse(given);
  if (!url) throw new UsageError(`${what}: ${JSON.stringify(given)} is not a URL`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${what} must be an http or https URL`);
  return given;
}

/** The callback's token, read whole from stdin (never a flag's value, which shell history keeps). */
export async function callbackToken(ctx: Context): Promise<string> {
  const token = (await ctx.readStdin()).trim();
  if (!token) throw new UsageError('--with-token: stdin held no token');
  if (/\s/.test(token)) throw new UsageError('--with-token: the token on stdin holds white space; give the token alone');
  return token;
}

