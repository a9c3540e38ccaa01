import { UsageError } from '../errors.js';
import { hasControlCharacter } from './names.js';

/**
 * Why a value can never be one segment of a request path, or undefined when it can. Percent-
 * encoding is not enough for `.` and `..`: URL parsing reads them (and `%2e`, `%2E%2e`, ...) as
 * "this folder" and "one up", so `DELETE .../table/orders/columns/..` would go elsewhere.
 */
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

/**
 * Builds a path from a template, percent-encoding every interpolated value as exactly one segment
 * (`/`, `?`, `#` and `%` included). A value that can never be a segment is refused rather than sent.
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((out, s, i) => {
    if (i >= values.length) return out + s;
    const value = String(values[i]);
    const problem = segmentProblem(value);
    if (problem) throw new UsageError(`refusing to send a request: an id or name in its path ${problem} (${JSON.stringify(value)})`);
    return out + s + encodeURIComponent(value);
  }, '');
}
