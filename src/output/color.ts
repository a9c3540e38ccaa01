import { Chalk, type ChalkInstance } from 'chalk';
import type { OutStream } from './io.js';

/** Colour on a terminal; off for NO_COLOR, --no-color, TERM=dumb or a pipe; on for FORCE_COLOR. */
export function colorFor(stream: OutStream, env: Record<string, string | undefined>, flag: boolean | undefined): ChalkInstance {
  return new Chalk({ level: wantsColor(stream, env, flag) ? 1 : 0 });
}

export function wantsColor(stream: OutStream, env: Record<string, string | undefined>, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}
