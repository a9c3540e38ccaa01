import { MalformedResponseError } from '../errors.js';
import type { Http } from './http.js';
import type { JsonText } from './request-spec.js';
import type { DriverString } from './types.js';

// The hosted service takes the project from the key; only the local gateway, whose partner key names none, is sent `projectId`.
const projectOf = (http: Http, projectId: string) => (http.hostedService ? undefined : projectId);

/** Every driver's connection string; `catalogName` fills the SQLAlchemy one, which reaches one catalog only. */
export async function getSupportedDrivers(http: Http, projectId: string, catalogName?: string): Promise<DriverString[]> {
  return readDrivers(await driversAnswer(http, '/supportedDrivers', { catalogName, projectId: projectOf(http, projectId) }));
}

export async function getJdbcDriver(http: Http, projectId: string): Promise<DriverString> {
  return only(readDrivers(await driversAnswer(http, '/supportedDrivers/jdbc', { projectId: projectOf(http, projectId) }), 'JDBC'), 'JDBC');
}

export async function getSqlAlchemyDriver(http: Http, projectId: string, catalogName: string): Promise<DriverString> {
  return only(readDrivers(await driversAnswer(http, '/supportedDrivers/sql_alchemy', { catalogName, projectId: projectOf(http, projectId) }), 'SQL_ALCHEMY'), 'SQL_ALCHEMY');
}

/** The document types these answers as a string of any media type: JSON when it parses, else the text itself. */
async function driversAnswer(http: Http, path: string, query: Record<string, string | undefined>): Promise<unknown> {
  const answer = await http.request<JsonText>({ method: 'GET', path, query, secretAnswer: true, expect: 'json-text' });
  try {
    return answer.parse();
  } catch {
    return answer.text;
  }
}

/** The answer as driver/string pairs, from an object, a string or JSON-like text (the document shows all three); for one `driver`, its string alone. */
export function readDrivers(value: unknown, driver?: string): DriverString[] {
  if (typeof value === 'string') {
    const pairs = [...value.matchAll(/"([A-Za-z_]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => ({ driver: m[1], connectionString: JSON.parse(`"${m[2]}"`) as string }));
    // An operation for one driver may answer its connection string alone.
    const bare = value.trim();
    return pairs.length === 0 && driver && bare !== '' && !/[\s{}]/.test(bare) ? [{ driver, connectionString: bare }] : pairs;
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
