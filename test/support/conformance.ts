import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ErrorBody, ExecuteResult, OPERATIONS, type WireOperation } from '../../src/wire/index.js';

// Holds requests and answers to the wire schemas (src/wire), with TypeBox's compiled validator.
// Each check returns the problems it found, in words a failing test can print; none means conformant.

type Validator = ReturnType<typeof Compile>;
const compiled = new WeakMap<TSchema, Validator>();

function validate(schema: TSchema, value: unknown): string[] {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  if (validator.Check(value)) return [];
  return [...validator.Errors(value)].slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** A schema with every object opened (extra properties allowed): the default shape may add fields where the seed is silent. */
export function relaxed(schema: TSchema): TSchema {
  const open = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(open);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).filter(([k, v]) => !(k === 'additionalProperties' && v === false)).map(([k, v]) => [k, open(v)]));
  };
  return open(schema) as TSchema;
}
const relaxedCache = new WeakMap<TSchema, TSchema>();
function relaxedOf(schema: TSchema): TSchema {
  let r = relaxedCache.get(schema);
  if (!r) relaxedCache.set(schema, (r = relaxed(schema)));
  return r;
}

/** A request as a server saw it. */
export interface SeenRequest {
  method: string;
  /** Path below the base URL, still URL-encoded, without the query string. */
  path: string;
  query: Record<string, string>;
  /** The raw body ('' for none). */
  body: string;
}

/** What is wrong with a request, judged by the document: its operation, query parameters and body. */
export function requestProblems(req: SeenRequest): { operation?: WireOperation; problems: string[] } {
  const found = findOperation(req.method, req.path);
  if (!found) return { problems: [`${req.method} ${req.path} is not an operation of the document`] };
  const { operation } = found;
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(req.query)) {
    const schema = operation.query?.[name] ?? operation.extensionQuery?.[name];
    if (!schema) {
      problems.push(`query parameter ${name} is not one of ${operation.id}'s`);
      continue;
    }
    const integer = (schema as { type?: unknown }).type === 'integer' && /^-?\d+$/.test(raw);
    const value = raw === 'true' ? true : raw === 'false' ? false : integer ? Number(raw) : raw;
    problems.push(...validate(schema, value).map((p) => `query parameter ${name}=${raw}: ${p}`));
  }
  if (operation.multipart) {
    problems.push(...multipartProblems(operation, req.body));
  } else if (!operation.body) {
    if (req.body !== '') problems.push(`${operation.id} takes no body, but one was sent: ${req.body.slice(0, 80)}`);
  } else {
    let json: unknown;
    try {
      json = JSON.parse(req.body);
    } catch {
      problems.push(`${operation.id} needs a JSON body; got ${JSON.stringify(req.body.slice(0, 80))}`);
      return { operation, problems };
    }
    problems.push(...validate(operation.body, json).map((p) => `body of ${operation.id}: ${p}`));
  }
  return { operation, problems: problems.map((p) => `${req.method} ${req.path}: ${p}`) };
}

/** The parts of a multipart/form-data body (boundary read from its first line), by name. */
export function multipartParts(body: string): Map<string, { headers: string; content: string; filename?: string }> | undefined {
  const first = /^--([^\r\n]+)\r\n/.exec(body);
  if (!first) return undefined;
  const delimiter = `--${first[1]}`;
  if (!body.endsWith(`${delimiter}--\r\n`)) return undefined;
  const parts = new Map<string, { headers: string; content: string; filename?: string }>();
  for (const raw of body.slice(0, body.lastIndexOf(`${delimiter}--`)).split(`${delimiter}\r\n`).slice(1)) {
    const end = raw.indexOf('\r\n\r\n');
    if (end < 0 || !raw.endsWith('\r\n')) return undefined;
    const headers = raw.slice(0, end);
    const name = /content-disposition: form-data; name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return undefined;
    const filename = /; filename="([^"]*)"/i.exec(headers)?.[1];
    parts.set(name, { headers, content: raw.slice(end + 4, -2), ...(filename !== undefined ? { filename } : {}) });
  }
  return parts;
}

/** What is wrong with a multipart body, judged by the operation's parts: each present, JSON parts held to their schema, files named. */
function multipartProblems(operation: WireOperation, body: string): string[] {
  const parts = multipartParts(body);
  if (!parts) return [`${operation.id} needs a multipart/form-data body; got ${JSON.stringify(body.slice(0, 80))}`];
  const problems: string[] = [];
  for (const name of parts.keys()) if (!(name in operation.multipart!)) problems.push(`${operation.id} has no part named ${name}`);
  for (const [name, schema] of Object.entries(operation.multipart!)) {
    const part = parts.get(name);
    if (!part) {
      problems.push(`${operation.id} needs a part named ${name}`);
      continue;
    }
    if (schema === 'file') {
      if (part.filename === undefined) problems.push(`the ${name} part of ${operation.id} is a file, sent with a file name`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(part.content);
    } catch {
      problems.push(`the ${name} part of ${operation.id} must be JSON; got ${JSON.stringify(part.content.slice(0, 80))}`);
      continue;
    }
    problems.push(...validate(schema, json).map((p) => `the ${name} part of ${operation.id}: ${p}`));
  }
  return problems;
}

/**
 * What is wrong with an answer of the local gateway in one API shape: the documented status and
 * body for `hosted` (closed objects: nothing the document does not name); for `spec`, its own
 * answer where it has one (the seed's Folder, ...), else the document's, extra fields allowed (the
 * gateway adds `message`, column types, `truncated` where the seed is silent). An error status
 * must carry the documented error body.
 */
export function responseProblems(
  operation: WireOperation,
  shape: 'spec' | 'hosted',
  res: { status: number; text: string },
  query: Record<string, string> = {},
): string[] {
  const where = `${operation.id} (${shape})`;
  if (res.status >= 400) {
    try {
      return validate(ErrorBody, JSON.parse(res.text)).map((p) => `${where} error body: ${p}`);
    } catch {
      return [`${where} answered ${res.status} without a JSON error body`];
    }
  }
  const expected = shape === 'spec' && operation.spec ? operation.spec : operation.response;
  if (res.status !== expected.status) return [`${where} answered ${res.status}; expected ${expected.status}`];
  if (expected.media) return res.text === '' ? [`${where} should answer a ${expected.media} body; got none`] : [];
  if (expected.body === null) return res.text === '' ? [] : [`${where} should answer no body; got ${res.text.slice(0, 80)}`];
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return [`${where} answered no JSON: ${res.text.slice(0, 80)}`];
  }
  let schema = expected.body;
  if (operation.id === 'executeQuery') schema = ExecuteResult((query.format ?? 'CELL_TYPED').toUpperCase() as 'CELL_TYPED');
  if (shape === 'spec') schema = relaxedOf(schema);
  return validate(schema, body).map((p) => `${where}: ${p}`);
}

/** The operation a request names, by method and path (segments still URL-encoded); literal segments beat `{params}`. */
export function findOperation(method: string, path: string): { operation: WireOperation; params: Record<string, string> } | undefined {
  const segments = path.split('/').slice(1);
  let best: { operation: WireOperation; params: Record<string, string>; literals: number } | undefined;
  for (const operation of OPERATIONS) {
    if (operation.method !== method.toUpperCase()) continue;
    const template = operation.path.split('/').slice(1);
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = template.every((t, i) => {
      const m = /^\{(\w+)\}$/.exec(t);
      if (!m) return t === segments[i] && ++literals > 0;
      if (segments[i] === '') return false;
      params[m[1]] = decodeURIComponent(segments[i]);
      return true;
    });
    if (matches && (!best || literals > best.literals)) best = { operation, params, literals };
  }
  return best && { operation: best.operation, params: best.params };
}
