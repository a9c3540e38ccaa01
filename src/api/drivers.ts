import { MalformedResponseError } from '../errors.js';
import type { Http } from './http.js';
import type { DriverString } from './types.js';

// These operations name no project: the hosted service takes it from the key. `projectId` is dgw's
// own parameter, which the local gateway needs when the key is its partner key.

/** Every driver's connection string; `catalogName` fills the SQLAlchemy one, which reaches one catalog only. */
export async function getSupportedDrivers(http: Http, projectId: string, catalogName?: string): Promise<DriverString[]> {
  return readDrivers(await http.request({ method: 'GET', path: '/supportedDrivers', query: { catalogName, projectId }, secretAnswer: true }));
}

export async function getJdbcDriver(http: Http, projectId: string): Promise<DriverString> {
  return only(readDrivers(await http.request({ method: 'GET', path: '/supportedDrivers/jdbc', query: { projectId }, secretAnswer: true })), 'JDBC');
}

export async function getSqlAlchemyDriver(http: Http, projectId: string, catalogName: string): Promise<DriverString> {
  return only(readDrivers(await http.request({ method: 'GET', path: '/supportedDrivers/sql_alchemy', query: { catalogName, projectId }, secretAnswer: true })), 'SQL_ALCHEMY');
}

/**
 * The answer as driver/string pairs. The document types it as a string but shows an object
 * (`{"JDBC": "jdbc:..."}`), one of its examples a JSON-like text with a trailing comma: all are read.
 */
export function readDrivers(value: unknown): DriverString[] {
  if (typeof value === 'string') {
    return [...value.matchAll(/"([A-Za-z_]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => ({ driver: m[1], connectionString: JSON.parse(`"${m[2]}"`) as string }));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string').map(([driver, connectionString]) => ({ driver, connectionString }));
  }
  return [];
}

function only(drivers: DriverString[], wanted: string): DriverString {
  const found = drivers.find((d) => d.driver.toUpperCase() === wanted) ?? drivers[0];
  if (!found) throw new MalformedResponseError(`the service's answer holds no ${wanted} connection string`);
  return found;
}
