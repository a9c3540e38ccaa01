import { UsageError } from '../errors.js';
import { hasControlCharacter } from './names.js';

/** Why a value can never be one path segment: URL parsing reads `.` and `..` (even percent-encoded) as folders. */
export function segmentProblem(value: string): string | undefined {
  if (value === '') return 'is empty';
  if (value === '.' || value === '..') return `is "${value}", which a URL reads as a step, not as a name`;
  if (hasControlCharacter(value)) return 'contains a control character';
  return undefined;
}

/** An id or name given on the command line, checked before anything is sent; `label` names the argument or flag. */
export function checkSegment(value: string, label: string): string {
  const problem = segmentProblem(value);
  if (problem) throw new UsageError(`${label} ${problem}; it cannot name anything`);
  return value;
}

/** Builds a path, encoding each value as exactly one segment; a value that cannot be one is refused rather than sent. */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((out, s, i) => {
    if (i >= values.length) return out + s;
    const value = String(values[i]);
    const problem = segmentProblem(value);
    if (problem) throw new UsageError(`refusing to send a request: an id or name in its path ${problem} (${JSON.stringify(value)})`);
    return out + s + encodeURIComponent(value);
  }, '');
}
