import { MalformedResponseError } from '../errors.js';

// Readers in src/api take an answer in any shape it arrives in and give the commands one record with every field.

/** A JSON object as it arrived. */
export type Raw = Record<string, unknown>;

export function isRaw(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One JSON object, or a malformed-response error naming what was expected. */
export function object(value: unknown, what: string): Raw {
  if (!isRaw(value)) throw new MalformedResponseError(`the service sent ${describe(value)} where ${what} was expected`);
  return value;
}

/** A list of objects: an array or a single object, as the document and its examples disagree; null reads as empty; an item that is no object is a malformed answer, not one left out. */
export function objects(value: unknown, what: string): Raw[] {
  if (value === null || value === undefined) return [];
  if (isRaw(value)) return [value];
  if (!Array.isArray(value)) throw new MalformedResponseError(`the service sent ${describe(value)} where a list of ${what} was expected`);
  const odd = value.findIndex((item) => !isRaw(item));
  if (odd >= 0) throw new MalformedResponseError(`the service sent a list of ${what} whose item ${odd + 1} is ${describe(value[odd])}, not an object`);
  return value;
}

/** A list the document types as an open object: the answer itself when an array, else its first array member; null and `{}` read as empty, and anything else too unless `what` names the list. */
export function listIn(value: unknown, what?: string): unknown[] {
  if (Array.isArray(value)) return value;
  const list = isRaw(value) ? Object.values(value).find(Array.isArray) : undefined;
  if (!list && what && value !== null && !(isRaw(value) && Object.keys(value).length === 0)) throw new MalformedResponseError(`the service sent ${isRaw(value) ? 'an object holding no list' : describe(value)} where a list of ${what} was expected`);
  return list ?? [];
}

/** A string field; numbers become strings (ids), anything else the fallback. */
export function text(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value)) throw new MalformedResponseError(`the service sent a number too long to read exactly (read as ${value}) where text or an id was expected`);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return fallback;
}

/** An id the next request's path needs: one missing or empty is the service's malformed answer (exit 8), not a usage error. */
export function idOf(value: Raw, what: string, field = 'id'): string {
  const id = text(value[field]);
  if (id === '') throw new MalformedResponseError(`the service sent ${what} without an id`);
  return id;
}

/** The record in an answer the document types as an open object: itself or a member with an id; none when empty or `{}`. */
export function recordIn(value: unknown, what: string): Raw | undefined {
  if (value === undefined || (isRaw(value) && Object.keys(value).length === 0)) return undefined;
  const body = object(value, what);
  const record = 'id' in body ? body : (Object.values(body).find((v) => isRaw(v) && 'id' in v) as Raw | undefined);
  idOf(record ?? body, what);
  return record;
}

/** A string field, or null when it is missing, null or empty-typed. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? text(value) : null;
}

export function flag(value: unknown, fallback = false): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Reads the answer to a change; none (a dry run sent nothing, or an optional body was empty) stays undefined. */
export function readAnswer<T>(body: unknown, reader: (value: unknown) => T): T {
  return (body === undefined ? undefined : reader(body)) as T;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
