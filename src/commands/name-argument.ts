import { checkSegment } from '../api/path.js';
import { UsageError } from '../errors.js';

/** A name given on the command line (a table, a key, a folder): not blank, and able to name something (see checkSegment). */
export function checkNameArgument(name: string, label: string): string {
  if (!name.trim()) throw new UsageError(`${label} must not be empty`);
  return checkSegment(name, label);
}
