import * as api from '@duckdb/node-api';
import * as accessors from '@duckdb/node-api/lib/vectors/dataAccessors.js';

/** node-api's shared TextDecoder drops a leading U+FEFF from every value; a decoder that keeps it is swapped in. */
const exported = ('default' in accessors ? accessors.default : accessors) as { textDecoder: TextDecoder };
exported.textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

export { api };
