import { Chalk, type ChalkInstance } from 'chalk';
import type { OutStream } from './io.js';

/** Colour on a terminal; off for NO_COLOR, --no-color, FORCE_COLOR=0, TERM=dumb or a pipe; on for FORCE_COLOR. */
export function colorFor(stream: OutStream, env: Record<string, string | undefined>, flag: boolean | undefined): ChalkInstance {
  return new Chalk({ level: wantsColor(stream, env, flag) ? 1 : 0 });
}

export function wantsColor(stream: OutStream, env: Record<string, string | undefined>, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  // FORCE_COLOR=0 (or false) turns colour off, as chalk and Node read it.
  if (env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR !== undefined) return true;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}
