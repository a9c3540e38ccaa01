import { getConnectionConfig, listConnectionConfigs } from '../../api/connections.js';
import type { Http } from '../../api/http.js';
import type { ConnectionConfig } from '../../api/types.js';
import { DgwError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';

/** A connection type's configuration, and the exact type name when the one given differed in case. */
export interface FoundConnectionType {
  config: ConnectionConfig;
  /** Set when the type was matched case-insensitively: the service's spelling. */
  matched?: string;
}

/** A connection type's configuration; the exact read first, the list (for a case-insensitive match) only after a 404. */
export async function findConnectionType(http: Http, type: string): Promise<FoundConnectionType> {
  try {
    return { config: await getConnectionConfig(http, type) };
  } catch (error) {
    if (!(error instanceof DgwError && error.status === 404)) throw error;
  }
  const all = await listConnectionConfigs(http);
  const names = all.map((c) => c.connectionType);
  const same = all.filter((c) => c.connectionType.toLowerCase() === type.toLowerCase());
  if (same.length > 1) {
    throw new UsageError(`connection type "${type}" matches ${same.length} types that differ only in case: ${same.map((c) => c.connectionType).join(', ')}; give one exactly`);
  }
  if (same.length === 0) {
    throw new DgwError('not_found', `no connection type "${type}"${didYouMean(type, names)}`, { status: 404, hint: 'run `dgw connection types` to list them' });
  }
  const [found] = same;
  // The list's entries carry the configuration; ask for it only if this service's list does not.
  const config = Array.isArray(found.configuration) ? found : await getConnectionConfig(http, found.connectionType);
  return { config, matched: found.connectionType };
}
