import { NotFoundError } from '../errors.js';
import { didYouMean } from '../output/did-you-mean.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, idOf, isRaw, object, objects, readAnswer, text, textOrNull } from './read.js';
import { isIdShaped } from './resolve.js';
import type { Connection, ConnectionConfig, ConnectionConfigField, ConnectionRequest } from './types.js';

export async function getConnectionConfig(http: Http, connectionType: string): Promise<ConnectionConfig> {
  return readConnectionConfig(await http.request({ method: 'GET', path: apiPath`/connections/config/${connectionType}` }));
}

/** Every connection type; the document declares one object, the service sends a list: both read. */
export async function listConnectionConfigs(http: Http): Promise<ConnectionConfig[]> {
  return objects(await http.request({ method: 'GET', path: '/connections/config' }), 'connection types').map(readConnectionConfig);
}

export function readConnectionConfig(value: unknown): ConnectionConfig {
  const c = object(value, 'a connection type');
  return {
    connectionType: text(c.connectionType),
    connectionTypeLabel: text(c.connectionTypeLabel),
    name: text(c.name),
    authorizationType: text(c.authorizationType),
    credentialSchemaType: text(c.credentialSchemaType),
    redirectRequired: flag(c.redirectRequired),
    category: text(c.category),
    configuration: objects(c.configuration, 'configuration fields').map(readField),
    documentationUrl: text(c.documentationUrl),
  };
}

function readField(f: Record<string, unknown>): ConnectionConfigField {
  const field: ConnectionConfigField = { fieldName: text(f.fieldName), required: flag(f.required), description: text(f.description) };
  if (f.fieldType === 'text' || f.fieldType === 'number' || f.fieldType === 'boolean') field.fieldType = f.fieldType;
  return field;
}

/** The project's connections; the document declares one object and its example is a list: both read. */
export async function listConnections(http: Http, projectId: string): Promise<Connection[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/connections/${projectId}` }), 'connections').map(readConnection);
}

export async function getConnection(http: Http, projectId: string, connectionId: string): Promise<Connection> {
  return readConnection(await http.request({ method: 'GET', path: apiPath`/connections/${projectId}/${connectionId}` }));
}

/** Creates a connection; `--debug` and `--dry-run` show its credential masked. */
export async function createConnection(http: Http, projectId: string, request: ConnectionRequest): Promise<Connection> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/connections/${projectId}`, body: request, secretBody: maskCredential, secretValues: credentialValues(request) }), readConnection);
}

export async function updateConnection(http: Http, projectId: string, connectionId: string, request: ConnectionRequest): Promise<Connection> {
  return readAnswer(await http.request({ method: 'PUT', path: apiPath`/connections/${projectId}/${connectionId}`, body: request, secretBody: maskCredential, secretValues: credentialValues(request) }), readConnection);
}

export function deleteConnection(http: Http, projectId: string, connectionId: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/connections/${projectId}/${connectionId}`, expect: 'none' });
}

/** A connection's stored configuration (its type's fields); the answer is not traced, as it may hold secrets. */
export async function getConnectionDetail(http: Http, projectId: string, connectionId: string): Promise<Record<string, unknown>> {
  return object(await http.request({ method: 'GET', path: apiPath`/connections/${projectId}/${connectionId}/detail`, secretAnswer: true }), 'a connection\'s configuration');
}

/** Completes an OAuth 2.0 connection with the query string the authorization redirected to. */
export async function finishOauth2(http: Http, projectId: string, queryParameters: string): Promise<Connection> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/connections/${projectId}/oauth2`, body: { queryParameters }, secretBody: () => ({ queryParameters: '***' }) }), readConnection);
}

export function readConnection(value: unknown): Connection {
  const c = object(value, 'a connection');
  return { id: idOf(c, 'a connection'), name: text(c.name), type: text(c.type), url: textOrNull(c.url) || null };
}

const SECRET_NAME = /pass|secret|token|key|credential|auth|private|cert/i;

/** True for a field whose value must not be echoed nor shown: told by its name or its description. */
export function isSecretField(field: Pick<ConnectionConfigField, 'fieldName'> & { description?: string }): boolean {
  return SECRET_NAME.test(field.fieldName) || /password|secret/i.test(field.description ?? '');
}

/** A URL's password (`//user:PASSWORD@host`): group 1 is what comes before it, group 2 the password. */
export const URL_PASSWORD = /(\/\/[^/:@\s]*:)([^@/\s]+)@/;

/** Fields that name a place, not a secret: an error may quote them (a URL's password excepted), so it can say which file or host is wrong. */
const PLACE_FIELD = /^(path|host|hostname|port|database|url)$/i;

/** The credential's values (4 characters or more) that no trace nor error message may repeat: all but places, and a URL's password. */
function credentialValues(request: ConnectionRequest): string[] {
  return Object.entries(request.credential ?? {}).flatMap(([fieldName, v]) => {
    if (typeof v !== 'string') return [];
    const inUrl = URL_PASSWORD.exec(v)?.[2];
    return (PLACE_FIELD.test(fieldName) && !isSecretField({ fieldName }) ? (inUrl ? [inUrl] : []) : [v]).filter((secret) => secret.length >= 4);
  });
}

/** The body as a trace or dry run may show it: every credential value replaced by `***`. */
export function maskCredential(body: unknown): unknown {
  if (!isRaw(body) || !isRaw(body.credential)) return body;
  return { ...body, credential: Object.fromEntries(Object.keys(body.credential).map((k) => [k, '***'])) };
}

// CONNECTION arguments resolve as QUERY ones do (resolve.ts): an id-shaped argument is used as it
// is; anything else is looked up by name, then by id, with "did you mean".

/** A connection by name or id, from the list at hand. */
export function matchConnection(all: Connection[], ref: string): Connection {
  const found = all.find((c) => c.name === ref) ?? all.find((c) => c.id === ref);
  if (!found) throw new NotFoundError(`no connection named "${ref}" (nor with that id)${didYouMean(ref, all.map((c) => c.name))}`);
  return found;
}

/** A connection argument's id, no request for an id, one list for a name (none in a dry run). */
export async function resolveConnectionId(http: Http, projectId: string, ref: string): Promise<string> {
  if (isIdShaped(ref)) return ref;
  if (http.readsNothing) return http.placeholder(`id of ${ref}`);
  return matchConnection(await listConnections(http, projectId), ref).id;
}
