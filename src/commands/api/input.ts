import { parseJsonExact } from '../../api/exact-numbers.js';
import type { Method } from '../../api/http.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readSource } from '../read-source.js';

/** Methods `dgw api` sends; the argument is case-insensitive. */
export const API_METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Methods whose `-f` fields go in a JSON body; for the others they become query parameters. */
const BODY_METHODS: readonly Method[] = ['POST', 'PUT', 'PATCH'];

export function parseMethod(text: string): Method {
  const method = text.toUpperCase() as Method;
  if (!API_METHODS.includes(method)) throw new UsageError(`METHOD: "${text}" is not one of ${API_METHODS.join(', ')}`);
  return method;
}

export function sendsBody(method: Method): boolean {
  return BODY_METHODS.includes(method);
}

/** Splits PATH into path and query, filling `{projectId}`; the project is resolved only when the placeholder is there. */
export async function expandPath(ctx: Context, text: string): Promise<{ path: string; query: Record<string, string> }> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new UsageError(`PATH: "${text}" is a full URL; give the path below the base URL, e.g. /data/projects/{projectId}/catalogs (use --base-url for another server)`);
  }
  if (text.trim() === '') throw new UsageError('PATH must not be empty (an unset variable?); give the path below the base URL, e.g. /info');
  if (text.includes('#')) throw new UsageError(`PATH: "${text}" has a #fragment, which no request carries; leave it out (write %23 for a # in a name)`);
  const [rawPath, rawQuery = ''] = text.split(/\?(.*)/s);
  let expanded = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (expanded.includes('{projectId}')) {
    const projectId = encodeURIComponent(await ctx.projectId());
    expanded = expanded.split('{projectId}').join(projectId);
  }
  // URLs resolve `..` (and `%2e%2e`, and `\` as `/`): such a path would leave the base URL, taking the key with it.
  if (expanded.split(/[/\\]/).some((segment) => ['.', '..'].includes(decodedSegment(segment)))) {
    throw new UsageError(`PATH: "${text}" has a . or .. segment, which would leave the base URL; give the path below it (use --base-url for another server)`);
  }
  const query = new URLSearchParams(rawQuery);
  const twice = [...query.keys()].find((name, i, names) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new UsageError(`PATH: the query gives ${twice} twice; each name is sent once`);
  return { path: expanded, query: Object.fromEntries(query) };
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Parses `-f key=value`; typed values become JSON, `key=@file` reads a file (`@-`: stdin). */
export async function parseFields(ctx: Context, fields: string[], typed: boolean, out: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  for (const field of fields) {
    const eq = field.indexOf('=');
    if (eq <= 0) throw new UsageError(`-f/--field: "${field}" is not key=value`);
    const key = field.slice(0, eq);
    if (Object.hasOwn(out, key)) throw new UsageError(`-f/--field: ${key} is given twice (by -f or in PATH); each name is sent once`);
    let value = field.slice(eq + 1);
    let fromFile = false;
    if (value.startsWith('@') && value.length > 1) {
      value = await readSource(ctx, value.slice(1), '-f/--field');
      fromFile = true;
    }
    out[key] = typed && !fromFile ? typedValue(value) : value;
  }
  return out;
}

function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  // Digit for digit, as the reply is printed: an id beyond 2^53 is not rounded into another id.
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return parseJsonExact(text, 'verbatim');
  return text;
}

/** Reads `--input FILE|-` and parses it as JSON, before anything is sent. */
export async function readJsonInput(ctx: Context, source: string): Promise<unknown> {
  const text = await readSource(ctx, source, '--input');
  try {
    // Digit for digit, as -f sends them: a 64-bit id in the file is not rounded. A BOM (Notepad, PowerShell) is no JSON.
    return parseJsonExact(text.replace(/^\uFEFF/, ''), 'verbatim');
  } catch (error) {
    throw new UsageError(`--input: ${source === '-' ? 'stdin' : source} is not valid JSON (${(error as Error).message})`);
  }
}
