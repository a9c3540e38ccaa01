import type { RouteContext } from './router.js';
import { badRequest, HttpError } from './errors.js';
import { mayLoseDigits, readsBackExactly } from '../api/exact-numbers.js';
import { invisibleCharacterIn } from '../api/names.js';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object body, or a 400 for malformed JSON or any other JSON value. */
export async function jsonObject(c: RouteContext, options: { optional?: boolean } = {}): Promise<Record<string, unknown>> {
  const value = await jsonBody(c, options);
  if (value === undefined) return {};
  if (!isObject(value)) throw badRequest('the request body must be a JSON object');
  return value;
}

/** Any JSON body; undefined when the body is empty and optional. A body said to be another type is refused (415): the document declares JSON bodies application/json only. */
export async function jsonBody(c: RouteContext, options: { optional?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (options.optional) return undefined;
    throw badRequest('a JSON request body is required');
  }
  const type = c.req.header('content-type');
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type ?? '')) {
    throw new HttpError(415, `the request body must be sent as Content-Type: application/json, not ${type === undefined ? 'without a type' : JSON.stringify(type)}`, 'UNSUPPORTED_MEDIA_TYPE');
  }
  let value: unknown;
  try {
    value = JSON.parse(text, mayLoseDigits(text) ? keepsEveryDigit : undefined);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(`malformed JSON body: ${error instanceof Error ? error.message : String(error)}`);
  }
  return value;
}

/** A body sent compressed (Content-Encoding other than identity) is refused (415), not read as bytes of another meaning. */
export function refuseEncodedBody(encoding: string | undefined): void {
  const codings = (encoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  if (codings.length > 0) {
    throw new HttpError(415, `the request body is sent with Content-Encoding: ${encoding!.trim()}, which the local gateway does not take; send it uncompressed (identity)`, 'UNSUPPORTED_MEDIA_TYPE');
  }
}

/** A number a double cannot hold would be kept with other digits than those sent: refused, as the CLI sends every digit. */
function keepsEveryDigit(key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== 'number' || context?.source === undefined || readsBackExactly(context.source)) return value;
  throw badRequest(`the number ${context.source}${/^\d+$/.test(key) ? '' : ` (${key})`} has more digits than the local gateway keeps (a double: integers to 2^53 exactly); send it as a string, "${context.source}"`);
}

/** A string field, or undefined when absent or null. */
export function optString(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`${field} must be a string`);
  return v;
}

export function reqString(body: Record<string, unknown>, field: string): string {
  const v = optString(body, field);
  if (v === undefined) throw badRequest(`${field} is required`);
  return v;
}

/** Several required string fields at once: one missing or more is a 400 naming each of them, so one answer says what to add. */
export function reqStrings<K extends string>(body: Record<string, unknown>, fields: readonly K[]): Record<K, string> {
  const values = fields.map((field) => optString(body, field));
  const missing = fields.filter((_, i) => values[i] === undefined);
  if (missing.length > 0) throw badRequest(`${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')} ${missing.length === 1 ? 'is' : 'are'} required`);
  return Object.fromEntries(fields.map((field, i) => [field, values[i]])) as Record<K, string>;
}

/** An array of strings, or undefined when absent or null. */
export function optStringArray(body: Record<string, unknown>, field: string): string[] | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw badRequest(`${field} must be an array of strings`);
  return v as string[];
}

/** A boolean query parameter: absent = fallback; `true`/`false` (any case) otherwise 400. */
export function boolParam(c: RouteContext, name: string, fallback: boolean): boolean {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  const v = raw.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(`query parameter ${name} must be true or false`);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A query parameter that is a whole number, or undefined when absent or empty. */
export function intParam(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^-?\d+$/.test(text)) throw badRequest(`query parameter ${name} must be a whole number`);
  return Number(text);
}

const MAX_WAIT_MS = 30_000;

/** dgw's own `waitMs` of a held read (0 when absent): how long a running job may hold the answer, at most 30 s. */
export function waitMsParam(c: RouteContext): number {
  const ms = intParam(c.req.query('waitMs'), 'waitMs') ?? 0;
  if (ms < 0 || ms > MAX_WAIT_MS) throw badRequest(`waitMs must be 0 to ${MAX_WAIT_MS} (milliseconds)`);
  return ms;
}

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Why a stored or BI table may not have this name, or undefined when it may: one rule for the table routes and run-SQL. */
export function tableNameProblem(name: string): string | undefined {
  return TABLE_NAME.test(name) ? undefined : `table name ${JSON.stringify(name)}: a table name starts with a letter (A-Z, a-z) or _ and has only those, digits and _ (at most 128)`;
}

/** A name a person chose (folder, key, column): non-empty, no control characters, bounded. */
export function checkName(value: string, what: string, max = 255): string {
  if (value.trim() === '') throw badRequest(`${what} must not be empty`);
  if (value.length > max) throw badRequest(`${what} is longer than ${max} characters`);
  if (CONTROL.test(value)) throw badRequest(`${what} contains a control character`);
  refuseInvisible(value, what);
  return value;
}

/** A name made with an invisible character could pass for another (a folder "/reports" beside "/reports" with a zero-width space). */
export function refuseInvisible(value: string, what: string): void {
  const invisible = invisibleCharacterIn(value);
  if (invisible) throw badRequest(`${what} contains an invisible character (${invisible}), with which it would look like another name`);
}
