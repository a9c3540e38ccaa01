import * as api from '@duckdb/node-api';
import * as accessors from '@duckdb/node-api/lib/vectors/dataAccessors.js';

/**
 * `@duckdb/node-api` decodes every text value with one shared `new TextDecoder()`, which drops a
 * U+FEFF at the start of each value as a byte order mark (`chr(65279) || 'bom'` read back as
 * `bom`). The decoder it reads at each call is replaced by one that keeps it: values come back as
 * stored. One module with the package, so the build keeps them in one file.
 */
const exported = ('default' in accessors ? accessors.default : accessors) as { textDecoder: TextDecoder };
exported.textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

export { api };
