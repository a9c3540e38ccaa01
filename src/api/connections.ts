import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, object, objects, text } from './read.js';
import type { ConnectionConfig, ConnectionConfigField } from './types.js';

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
