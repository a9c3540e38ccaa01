import type { DuckDBConnection } from '@duckdb/node-api';
import type { DuckDBModule } from '../duckdb.js';

/**
 * Settings that make the boundary hold whatever a statement says, applied once the gateway's own
 * setup is done: no file system, network or extension loading (`enable_external_access`, set
 * right after the project's file is attached); no persistent secrets; no suggestions of names
 * from other schemas in binder errors (which would name svc._dgw's tables); `current_setting()` unusable
 * (a second function of the same signature makes every call ambiguous, so DuckDB refuses it
 * whatever the spelling: in a view, inside `query()`, in a column default); and the configuration
 * locked, so no statement (not even one run by `EXPLAIN ANALYZE`) can change a setting. Only
 * `explain_output` stays settable per connection: the sandbox's own connections read plans with it.
 */
export async function hardenInstance(duck: DuckDBModule, conn: DuckDBConnection): Promise<void> {
  await conn.run('SET allow_persistent_secrets = false');
  // A name that binds nowhere gets no "did you mean" from other schemas (svc._dgw among them).
  await conn.run('SET catalog_error_max_schemas = 0');
  await conn.run("SET allowed_configs = ['explain_output']");
  conn.registerScalarFunction(
    duck.DuckDBScalarFunction.create({
      name: 'current_setting',
      returnType: duck.VARCHAR,
      parameterTypes: [duck.VARCHAR],
      mainFunction: (info) => info.setError(CURRENT_SETTING),
    }),
  );
  await conn.run('SET lock_configuration = true');
}

const CURRENT_SETTING = 'current_setting() is not available: the gateway does not expose its settings';

/** DuckDB's message for a call of the blocked `current_setting()`, in words that say why. */
export function explainBlockedCall(message: string): string {
  return /function call "current_setting\(/i.test(message) ? CURRENT_SETTING : message;
}
