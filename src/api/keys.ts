import type { Http } from './http.js';
import { apiPath } from './path.js';
import { idOf, object, objects, readAnswer, text, textOrNull } from './read.js';
import type { ApiKeyRequest, ProjectApiKey } from './types.js';

// Project API keys: partner key only. The secret (`apiKey`) is sent once, in the answer to create.

/** The project's keys; the document declares one ApiKey, its example (and the service) send a list. */
export async function listApiKeys(http: Http, projectId: string): Promise<ProjectApiKey[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/projects/${projectId}/apiKeys` }), 'API keys').map(readApiKey);
}

export async function createApiKey(http: Http, projectId: string, body: ApiKeyRequest): Promise<ProjectApiKey> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/projects/${projectId}/apiKeys`, body }), readApiKey);
}

export function deleteApiKey(http: Http, projectId: string, apiKeyId: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/projects/${projectId}/apiKeys/${apiKeyId}`, expect: 'none' });
}

/** A key with every field present; `expiresAt` null means it never expires. */
export function readApiKey(value: unknown): ProjectApiKey {
  const k = object(value, 'an API key');
  return { name: text(k.name), apiKey: textOrNull(k.apiKey), apiKeyId: idOf(k, 'an API key', 'apiKeyId'), expiresAt: textOrNull(k.expiresAt) };
}
