import type { DuckDBConnection, DuckDBType } from '@duckdb/node-api';
import type { DuckDBModule } from '../duckdb.js';

/** Settings that hold whatever a statement says: no external access or persistent secrets, no cross-schema suggestions, blocked functions ambiguous, configuration locked. */
export async function hardenInstance(duck: DuckDBModule, conn: DuckDBConnection): Promise<void> {
  for (const { name, why, signatures } of BLOCKED) {
    for (const parameterTypes of signatures(duck)) {
      conn.registerScalarFunction(
        duck.DuckDBScalarFunction.create({ name, returnType: duck.VARCHAR, parameterTypes, mainFunction: (info) => info.setError(why) }),
      );
    }
  }
  // catalog_error_max_schemas = 0: an error would otherwise suggest names from svc._dgw.
  await conn.run("SET allow_persistent_secrets = false; SET catalog_error_max_schemas = 0; SET allowed_configs = ['explain_output']; SET lock_configuration = true");
}

/** Scalar functions SQL may not call, each with why and every signature DuckDB gives it. */
const BLOCKED: Array<{ name: string; why: string; signatures: (duck: DuckDBModule) => DuckDBType[][] }> = [
  {
    name: 'current_setting',
    why: 'current_setting() is not available: the gateway does not expose its settings',
    signatures: (duck) => [[duck.VARCHAR]],
  },
  {
    // In a column's DEFAULT it would store the gateway's own statements (an import's), which name the secret transfer folder.
    name: 'current_query',
    why: "current_query() is not available: it would show the gateway's own statements",
    signatures: () => [[]],
  },
  {
    // It binds the SQL it is given while the statement runs, out of the sandbox's sight.
    name: 'json_serialize_plan',
    why: 'json_serialize_plan() is not available: it plans SQL the sandbox has not judged',
    signatures: (duck) => [0, 1, 2, 3, 4].map((flags) => [duck.VARCHAR, ...Array<DuckDBType>(flags).fill(duck.BOOLEAN)]),
  },
];

/** DuckDB's message for a call of a blocked function, in words that say why. */
export function explainBlockedCall(message: string): string {
  for (const { name, why } of BLOCKED) if (new RegExp(`function call "${name}\\(`, 'i').test(message)) return why;
  return message;
}
