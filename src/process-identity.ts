import { readFileSync } from 'node:fs';

/** A process's start time from /proc, which with its id names it even after the id is reused; undefined without /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The command line of a running process (its arguments joined by spaces), where /proc tells it. */
export function processCommand(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return text.split('\0').filter(Boolean).join(' ') || undefined;
  } catch {
    return undefined;
  }
}
