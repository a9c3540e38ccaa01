import type { Http } from './http.js';
import { apiPath } from './path.js';
import type { ConnectionConfig } from './types.js';

export function getConnectionConfig(http: Http, connectionType: string): Promise<ConnectionConfig> {
  return http.request({ method: 'GET', path: apiPath`/connections/config/${connectionType}` });
}

export function listConnectionConfigs(http: Http): Promise<ConnectionConfig[]> {
  return http.request({ method: 'GET', path: '/connections/config' });
}
