import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/** Reads the key from stdin or a hidden prompt, never from a flag, where it would land in shell history. */
export async function readKey(ctx: Context, withToken: boolean | undefined, target: string): Promise<string> {
  let key: string;
  if (withToken) {
    key = (await ctx.readStdin()).trim();
    if (!key) throw new UsageError('--with-token: stdin was empty; pipe the key in, e.g. `dgw auth login --with-token < key.txt`');
  } else if (ctx.interactive) {
    key = (await ctx.prompt(`Paste your API key for ${target} (input is hidden): `, { hidden: true })).trim();
    if (!key) throw new UsageError('no key was entered');
  } else {
    throw new UsageError('no terminal to ask for the key on: pipe it in with --with-token, e.g. `dgw auth login --with-token < key.txt`');
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new UsageError(`the API key (from ${withToken ? 'stdin' : 'the prompt'}) holds a space, a line break or another character no key has`, 'copy it again from where it was made: a key is ASCII letters, digits and punctuation only');
  }
  return key;
}
