import { UsageError } from '../errors.js';

/** The DuckDB module, loaded only when the local gateway is used. */
export type DuckDBModule = typeof import('@duckdb/node-api');

let loading: Promise<DuckDBModule> | undefined;

/**
 * Loads `@duckdb/node-api` with a dynamic import (it is an optional dependency and heavy): an
 * install without it still runs every hosted-zone command, and `--zone local` says what is missing.
 */
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

/**
 * The module's exports by name. Node finds them in the CommonJS package itself; the build bundles
 * the package (scripts/build.mjs), and esbuild, which cannot list them, hands over the package's
 * `module.exports` as the default export.
 */
function namedExports(mod: DuckDBModule | { default: DuckDBModule }): DuckDBModule {
  return 'DuckDBInstance' in mod ? mod : mod.default;
}

