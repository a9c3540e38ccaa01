import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import * as W from '../src/wire/index.js';
import { findOperation } from './support/conformance.js';

// The wire schemas (src/wire) held to the vendor's OpenAPI document itself: every operation in
// the table exists there with the same method, path, parameters and body; every schema names
// exactly the document's fields, types, enums and required fields; and the document's own
// examples validate. The document lives outside the repository (shared/spec beside it, or
// DGW_OPENAPI); without it this file checks nothing and says so.

const here = path.dirname(fileURLToPath(import.meta.url));
const candidates = [process.env.DGW_OPENAPI, path.resolve(here, '../../shared/spec/peaka-openapi.json'), path.resolve(here, '../../../shared/spec/peaka-openapi.json'), '/work/shared/spec/peaka-openapi.json'];
const file = candidates.find((f): f is string => !!f && fs.existsSync(f));

type Json = Record<string, unknown>;
const doc = file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : undefined;

const deref = (schema: Json | undefined): Json | undefined => {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return ((doc!.components as Json).schemas as Json)[ref.split('/').pop()!] as Json;
};

/** Answers the document types as a string while its examples are objects: both are read. */
const STRING_OR_OBJECT = ['getSupportedDrivers', 'getJdbcDriver', 'getSqlAlchemyDriver'];

/** Fields the document's request examples carry that its schemas do not have: dgw never sends them; the gateway ignores them. */
const REQUEST_EXAMPLE_EXTRAS: Record<string, string[]> = { createCache: ['id'] };

/** Fields an answer's example has that its schema does not: createSemanticCatalog's example says `type` where Catalog says catalogType (read as it, api/catalogs.ts). */
const RESPONSE_EXAMPLE_EXTRAS: Record<string, string[]> = { createSemanticCatalog: ['type'] };

/** Fields a schema of the document lacks that its example and description carry (initSession's feature flags): dgw sends them. */
const FIELDS_OF_EXAMPLES: Record<string, string[]> = { InitSessionRequest: ['featureFlags'] };

function valid(schema: TSchema, value: unknown): string[] {
  const c = Compile(schema);
  return c.Check(value) ? [] : [...c.Errors(value)].slice(0, 3).map((e) => `${e.instancePath} ${e.message}`);
}

/** The examples of a request or response content: `example` and each of `examples`. */
function examplesOf(content: Json | undefined): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const media of Object.values(content ?? {}) as Json[]) {
    if ('example' in media) out.push(['example', media.example]);
    for (const [name, ex] of Object.entries((media.examples as Json) ?? {})) out.push([name, jsonInText((ex as Json).value)]);
  }
  return out;
}

/**
 * A quirk of the document: getRefreshMetadataJobStatus's example is the text of a JSON object with
 * a `//` comment, its status in lower case (`active`) where the schema has ACTIVE.
 */
function jsonInText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*\{/.test(value)) return value;
  try {
    const parsed = JSON.parse(value.replace(/\s\/\/[^\n]*/g, '')) as Json;
    return typeof parsed.status === 'string' ? { ...parsed, status: parsed.status.toUpperCase().replace('-', '_') } : parsed;
  } catch {
    return value;
  }
}

/** A property's schema without Optional/null wrapping: the TypeBox union members that are not null. */
function unwrap(schema: Json): Json[] {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).flatMap(unwrap).filter((s) => s.type !== 'null');
  return [schema];
}

function ourObject(schema: TSchema): Json {
  const s = schema as unknown as Json;
  if (s.$defs) return (s.$defs as Json)[s.$ref as string] as Json;
  return s;
}

describe.skipIf(!doc)('the wire schemas against the vendor document', () => {
  it('every operation is in the document: method, path template, query parameters, body, success status', () => {
    const problems: string[] = [];
    for (const op of W.OPERATIONS.filter((o) => o.documented)) {
      const entry = ((doc!.paths as Json)[op.path] as Json | undefined)?.[op.method.toLowerCase()] as Json | undefined;
      if (!entry) {
        problems.push(`${op.method} ${op.path} is not in the document`);
        continue;
      }
      if (entry.operationId !== op.id) problems.push(`${op.path}: operationId ${String(entry.operationId)}, ours ${op.id}`);
      const params = ((entry.parameters as Json[]) ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(Object.keys(op.query ?? {}).sort(), `${op.id} query parameters`).toEqual([...params].sort());
      if (!!entry.requestBody !== !!(op.body ?? op.multipart)) problems.push(`${op.id}: body ${op.body ? 'given' : 'absent'}, document ${entry.requestBody ? 'has one' : 'has none'}`);
      // A multipart body: the document's parts, by name.
      const form = ((entry.requestBody as Json | undefined)?.content as Json | undefined)?.['multipart/form-data'] as Json | undefined;
      if (!!form !== !!op.multipart) problems.push(`${op.id}: multipart ${op.multipart ? 'given' : 'absent'}, document ${form ? 'has it' : 'has none'}`);
      if (form && op.multipart) {
        const parts = Object.keys(((form.schema as Json).properties as Json) ?? {}).sort();
        if (parts.join() !== Object.keys(op.multipart).sort().join()) problems.push(`${op.id}: parts ${Object.keys(op.multipart)} vs documented ${parts}`);
      }
      if (!(String(op.response.status) in (entry.responses as Json))) problems.push(`${op.id}: status ${op.response.status} is not documented`);
    }
    expect(problems).toEqual([]);
  });

  it('every operation\'s request body and answer are the document\'s schemas (one or a list where its examples disagree with it)', () => {
    const components = (doc!.components as Json).schemas as Json;
    const names = new Map<unknown, string>(Object.entries(W).filter(([name]) => name in components).map(([name, value]) => [value, name]));
    const ours = (schema: TSchema | null | undefined): string => {
      if (!schema) return 'none';
      const s = schema as unknown as Json;
      if (names.has(schema)) return names.get(schema)!;
      if (s.type === 'array') return `${ours(s.items as TSchema)}[]`;
      if (Array.isArray(s.anyOf)) return (s.anyOf as TSchema[]).map(ours).sort().join('|');
      // A free-form map (Type.Record): the document's bare `type: object` with additionalProperties.
      if (s.type === 'object' && s.patternProperties) return 'object';
      // An open object the document also leaves unnamed (a connection's stored configuration).
      if (s.type === 'object' && s.additionalProperties === true) return 'object';
      if (s.type === 'string') return 'string';
      return 'unnamed';
    };
    const theirs = (content: Json | undefined): string | undefined => {
      const media = Object.values(content ?? {})[0] as Json | undefined;
      const schema = media?.schema as Json | undefined;
      if (!media) return 'none';
      if (!schema) return undefined; // examples only (run SQL's answer): held to them by the next test
      const name = (ref: unknown) => String(ref).split('/').pop();
      if (schema.$ref) return name(schema.$ref);
      if (schema.type === 'array') return `${name((schema.items as Json).$ref)}[]`;
      if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map((o) => name(o.$ref)).sort().join('|');
      return String(schema.type);
    };
    const problems: string[] = [];
    for (const op of W.OPERATIONS.filter((o) => o.documented)) {
      const entry = ((doc!.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
      const pairs: Array<[string, string, string | undefined]> = [
        // A multipart request's parts are compared by the first test.
        ['request', ours(op.body), op.body ? theirs(((entry.requestBody as Json).content as Json) ?? {}) : op.multipart ? undefined : 'none'],
        // An event stream is a sequence of server-sent events, which the document writes as an array of them.
        ['answer', op.response.media === 'text/event-stream' ? 'ServerSentEventMapStringObject[]' : op.response.media ? 'string' : ours(op.response.body), theirs((((entry.responses as Json)[String(op.response.status)] as Json).content as Json) ?? undefined)],
      ];
      for (const [what, mine, documented] of pairs) {
        if (documented === undefined) continue;
        if (mine !== documented && mine !== [documented, `${documented}[]`].sort().join('|') && !(STRING_OR_OBJECT.includes(op.id) && mine === `object|${documented}`)) problems.push(`${op.id} ${what}: ours ${mine}, the document's ${documented}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every schema names exactly the documented fields, with their types, formats, enums and required fields', () => {
    const components = (doc!.components as Json).schemas as Json;
    const ours = Object.entries(W).filter(([name, value]) => name in components && typeof value === 'object' && value !== null) as Array<[string, TSchema]>;
    expect(ours.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const [name, schema] of ours) {
      const theirs = components[name] as Json;
      const mine = ourObject(schema);
      const theirProps = (theirs.properties as Json) ?? {};
      const myProps = (mine.properties as Json) ?? {};
      const extra = FIELDS_OF_EXAMPLES[name] ?? [];
      if (Object.keys(myProps).filter((k) => !extra.includes(k)).sort().join() !== Object.keys(theirProps).sort().join()) {
        problems.push(`${name}: fields ${Object.keys(myProps).sort().join(',')} vs documented ${Object.keys(theirProps).sort().join(',')}`);
      }
      // Required fields: the document's, except where its description says a field must be sent (both membership lists).
      const required = name === 'QueryFolderUpdateRequest' ? ['queryIdsAdded', 'queryIdsRemoved'] : ((theirs.required as string[]) ?? []);
      if (((mine.required as string[]) ?? []).sort().join() !== [...required].sort().join()) problems.push(`${name}: required ${String(mine.required)} vs ${required}`);
      for (const [field, raw] of Object.entries(theirProps)) {
        const their = deref(raw as Json)!;
        const members = myProps[field] ? unwrap(myProps[field] as Json) : [];
        if (Array.isArray(their.enum)) {
          const consts = members.map((m) => m.const);
          if ([...consts].sort().join() !== [...(their.enum as string[])].sort().join()) problems.push(`${name}.${field}: enum ${consts} vs ${their.enum}`);
        } else if (typeof their.type === 'string' && members.length > 0) {
          const types = members.map((m) => (m.$ref ? 'object' : m.type));
          const expected = their.type === 'number' ? ['number', 'integer'] : [their.type];
          if (!types.some((t) => expected.includes(String(t)))) problems.push(`${name}.${field}: type ${types} vs ${their.type}`);
        }
        // String formats (uuid, date-time) are checked; integer widths (int32, int64) are not.
        const formats = members.map((m) => m.format).filter((f) => f !== undefined);
        const theirFormat = their.type === 'string' && their.format !== undefined ? String(their.format) : '';
        if (formats.join() !== theirFormat) problems.push(`${name}.${field}: format ${formats.join() || 'none'} vs ${theirFormat || 'none'}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the document\'s own examples validate against the schemas, quirks included', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const op of W.OPERATIONS.filter((o) => o.documented)) {
      const entry = ((doc!.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json;
      if (op.body) {
        for (const [name, example] of examplesOf((entry.requestBody as Json | undefined)?.content as Json)) {
          checked++;
          const extras = REQUEST_EXAMPLE_EXTRAS[op.id] ?? [];
          const value = extras.length ? Object.fromEntries(Object.entries(example as Json).filter(([k]) => !extras.includes(k))) : example;
          problems.push(...valid(op.body, value).map((p) => `${op.id} request example "${name}": ${p}`));
        }
      }
      const response = (entry.responses as Json)[String(op.response.status)] as Json | undefined;
      for (const [name, value] of examplesOf(response?.content as Json)) {
        const schema = op.id === 'executeQuery' ? W.ExecuteResult(name.split(' ')[0] as 'SIMPLE') : op.response.body;
        if (!schema) continue;
        checked++;
        const extras = RESPONSE_EXAMPLE_EXTRAS[op.id] ?? [];
        const shown = extras.length ? Object.fromEntries(Object.entries(value as Json).filter(([k]) => !extras.includes(k))) : value;
        problems.push(...valid(schema, shown).map((p) => `${op.id} response example "${name}": ${p}`));
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});

describe('the wire schemas', () => {
  it('find an operation by method and encoded path, literal segments before parameters', () => {
    expect(findOperation('GET', '/data/projects/p%201/queries/folders')?.operation.id).toBe('listQueryFolders');
    expect(findOperation('GET', '/data/projects/p/queries/folders/tree')?.operation.id).toBe('getQueryFolderTree');
    expect(findOperation('GET', '/data/projects/p/queries/709922802836177297')).toMatchObject({ operation: { id: 'readQuery' }, params: { projectId: 'p', queryId: '709922802836177297' } });
    expect(findOperation('PATCH', '/data/projects/p/queries/folders/f1/path')?.operation.id).toBe('moveQueryFolder');
    expect(findOperation('PATCH', '/data/projects/p/queries/q1/path')?.operation.id).toBe('updateQueryPath');
    expect(findOperation('PUT', '/data/projects/p/queries/q1/path')).toBeUndefined();
    expect(findOperation('GET', '/data/projects//queries')).toBeUndefined();
  });

  it('refuse a request body with a property the document does not name', () => {
    expect(valid(W.QueryRequest, { displayName: 'x', inputQuery: 'SELECT 1' })).toEqual([]);
    expect(valid(W.QueryRequest, { displayName: 'x', inputQuery: 'SELECT 1', name: 'x' })).not.toEqual([]);
    expect(valid(W.QueryFolderUpdateRequest, { queryIdsAdded: ['1'] })).not.toEqual([]);
  });

  it('hold the documented formats: a UUID key id, an ISO time with its zone, no null for a key that never expires', () => {
    expect(valid(W.ApiKey, { name: 'ci', apiKey: null, apiKeyId: '21fd1a8d-88d5-4295-b792-5b2113138057', expiresAt: '2027-09-10T10:11:00Z' })).toEqual([]);
    expect(valid(W.ApiKey, { name: 'ci', apiKeyId: 'key-1' })).not.toEqual([]);
    expect(valid(W.ApiKey, { name: 'ci', expiresAt: null })).not.toEqual([]);
    expect(valid(W.ApiKeyRequest, { name: 'ci', expiresAt: '2027-09-10' })).not.toEqual([]);
    expect(valid(W.Organization, { id: 'org-1' })).not.toEqual([]);
  });
});
