import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlCode } from '../../sql-code.js';
import { ident, type StoredSchema } from '../sql.js';
import { planSources } from './plan.js';

// DuckDB's plans do not name what an INSERT, CREATE or DROP writes, so writes are checked against the catalog and counts before commit,
// and the table an INSERT or DELETE names is looked up too: a write of no rows changes no count.

const PART = '(?:"(?:[^"]|"")*"|[\\p{L}_][\\p{L}\\p{N}_$]*)';
const WRITTEN = new RegExp(`^(?:INSERT\\s+(?:OR\\s+(?:REPLACE|IGNORE)\\s+)?INTO|DELETE\\s+FROM|TRUNCATE(?:\\s+TABLE)?|UPDATE)\\s+(${PART}(?:\\s*\\.\\s*${PART}){0,2})`, 'iu');

/** The protected table (`svc._dgw`, `svc.mtquery`, `svc.cache`) an INSERT, DELETE, TRUNCATE or UPDATE names as its target, as DuckDB resolves the name. */
export async function protectedTarget(conn: DuckDBConnection, sql: string): Promise<string | undefined> {
  const code = sqlCode(sql);
  let depth = 0;
  for (const m of code.matchAll(/"(?:[^"]|"")*"?|[()]|(?<![\w$.])(?:INSERT|DELETE|TRUNCATE|UPDATE)(?![\w$])/gi)) {
    if (m[0] === '(' || m[0] === ')') depth += m[0] === '(' ? 1 : -1;
    else if (depth === 0 && !m[0].startsWith('"')) {
      const name = WRITTEN.exec(code.slice(m.index))?.[1];
      if (name === undefined) return undefined;
      // A name that does not resolve to a table is left to the statement, whose own error says so.
      const plan = await conn.runAndReadAll(`EXPLAIN (FORMAT JSON) SELECT * FROM ${name}`).catch(() => undefined);
      const physical = plan?.getRowObjectsJS().find((r) => r.explain_key === 'physical_plan');
      const [table] = physical ? planSources(JSON.parse(String(physical.explain_value))).tables : [];
      return table && table[0] === 'svc' && ['_dgw', 'mtquery', 'cache'].includes(table[1]) ? table.join('.') : undefined;
    }
  }
  return undefined;
}

/** Row counts of the tables only the gateway writes: `svc._dgw.*`, `svc.mtquery.*` and `svc.cache.*`. */
export async function protectedCounts(conn: DuckDBConnection): Promise<Map<string, bigint>> {
  const tables = (
    await conn.runAndReadAll(`SELECT schema_name, table_name FROM duckdb_tables() WHERE database_name = 'svc' AND schema_name IN ('_dgw', 'mtquery', 'cache') ORDER BY ALL`)
  ).getRows() as Array<[string, string]>;
  const counts = new Map<string, bigint>();
  if (tables.length === 0) return counts;
  const sql = tables.map(([s, t], i) => `SELECT ${i} AS i, count(*) AS n FROM svc.${ident(s)}.${ident(t)}`).join(' UNION ALL ');
  for (const [i, n] of (await conn.runAndReadAll(sql)).getRows() as Array<[number, bigint]>) {
    counts.set(`svc.${tables[i][0]}.${tables[i][1]}`, n);
  }
  return counts;
}

/** The first protected table whose row count differs between two snapshots. */
export function changedTable(before: Map<string, bigint>, after: Map<string, bigint>): string | undefined {
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(name) !== after.get(name)) return name;
  }
  return undefined;
}

/** Every user-visible object with its oid, so a replaced table shows as changed; macros are left out as too slow to list and not creatable. */
export async function catalogSnapshot(conn: DuckDBConnection): Promise<Set<string>> {
  const reader = await conn.runAndReadAll(`
    SELECT 'table', database_name, schema_name, table_name, table_oid FROM duckdb_tables()
    UNION ALL SELECT 'view', database_name, schema_name, view_name, view_oid FROM duckdb_views() WHERE NOT internal
    UNION ALL SELECT 'index', database_name, schema_name, index_name, index_oid FROM duckdb_indexes()
    UNION ALL SELECT 'sequence', database_name, schema_name, sequence_name, sequence_oid FROM duckdb_sequences()
    UNION ALL SELECT 'schema', database_name, schema_name, schema_name, oid FROM duckdb_schemas() WHERE NOT internal
    UNION ALL SELECT 'type', database_name, schema_name, type_name, type_oid FROM duckdb_types() WHERE NOT internal`);
  return new Set((reader.getRows() as unknown[][]).map((r) => JSON.stringify(r.map(String))));
}

/** The first object a CREATE or DROP changed outside `svc.table` and `svc.bitable`, if any. */
export function forbiddenChange(before: Set<string>, after: Set<string>): string | undefined {
  const changed = [...[...after].filter((x) => !before.has(x)), ...[...before].filter((x) => !after.has(x))];
  for (const entry of changed) {
    const [kind, catalog, schema, name] = JSON.parse(entry) as string[];
    if ((kind === 'table' || kind === 'index') && catalog === 'svc' && (schema === 'table' || schema === 'bitable')) continue;
    return `${kind} ${catalog}.${schema}.${name}`;
  }
  return undefined;
}

/** The names of tables a CREATE made in `svc.table` or `svc.bitable` that were not there before. */
export function newTableNames(before: Set<string>, after: Set<string>): string[] {
  const named = (entries: Set<string>) => [...entries].map((e) => JSON.parse(e) as string[]).filter(([kind, catalog, schema]) => kind === 'table' && catalog === 'svc' && (schema === 'table' || schema === 'bitable'));
  const old = new Set(named(before).map(([, , schema, name]) => `${schema}.${name}`));
  return named(after).filter(([, , schema, name]) => !old.has(`${schema}.${name}`)).map(([, , , name]) => name);
}

/** The tables of `svc.table` and `svc.bitable` a CREATE or DROP dropped or replaced (a replaced one has a new oid), as [schema, name]. */
export function goneTables(before: Set<string>, after: Set<string>): Array<[StoredSchema, string]> {
  return [...before]
    .filter((entry) => !after.has(entry))
    .map((entry) => JSON.parse(entry) as string[])
    .filter(([kind, catalog, schema]) => kind === 'table' && catalog === 'svc' && (schema === 'table' || schema === 'bitable'))
    .map(([, , schema, name]) => [schema as StoredSchema, name]);
}
