import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { whyUnreadable } from '../unreadable.js';
import { utf8Text } from '../utf8-text.js';

/** A file relative to the context's folder, or stdin for `-`, as UTF-8 text; unreadable or not UTF-8 is a usage error before anything is sent. */
export async function readSource(ctx: Context, source: string, flag: string): Promise<string> {
  if (source === '-') return ctx.readStdin();
  if (source === '') throw new UsageError(`${flag} is empty (an unset variable?); name a file, or - for stdin`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path.resolve(ctx.cwd, source));
  } catch (error) {
    throw new UsageError(`${flag}: ${source} ${whyUnreadable(error)}`);
  }
  return utf8Text(bytes, source, flag);
}
