import { UsageError } from '../errors.js';

/** The DuckDB module, loaded only when the local gateway is used. */
export type DuckDBModule = typeof import('@duckdb/node-api');

let loading: Promise<DuckDBModule> | undefined;

/** A dynamic import, since the package is optional and heavy: hosted-zone commands run without it. */
export function loadDuckDB(): Promise<DuckDBModule> {
  loading ??= import('./duckdb-api.js').then(({ api }) => namedExports(api), (error: unknown) => {
    loading = undefined;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(
      `the local gateway needs DuckDB (the optional dependency @duckdb/node-api), which could not be loaded: ${reason}`,
      'reinstall dgw with optional dependencies (npm install --include=optional), or use a hosted zone (--zone default or eu)',
    );
  });
  return loading;
}

/** The module's exports by name; esbuild's bundle hands over `module.exports` as the default export. */
function namedExports(mod: DuckDBModule | { default: DuckDBModule }): DuckDBModule {
  const duck = 'DuckDBInstance' in mod ? mod : mod.default;
  // The gateway's databases run in UTC (open.ts); the package would write a TIMESTAMPTZ with the
  // offset this process's TZ had when it loaded, wrong half the year where clocks change.
  duck.DuckDBTimestampTZValue.timezoneOffsetInMinutes = 0;
  return duck;
}

